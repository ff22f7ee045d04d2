import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { agentPageTitle } from '@sentinel/domain';
import { LiveProvider } from '../../../lib/live/live-provider';
import { AgentHeader } from './agent-header';

/** The signed-in area: header with logo, tabs and menu, and the routed screen below. */
export function AgentLayout() {
  useEffect(() => {
    document.title = agentPageTitle();
  }, []);

  return (
    <div className="agent-layout">
      <AgentHeader />
      {/* The content area receives live updates (spec part 1 §2). */}
      <main className="agent-layout__content">
        <LiveProvider>
          <Outlet />
        </LiveProvider>
      </main>
    </div>
  );
}

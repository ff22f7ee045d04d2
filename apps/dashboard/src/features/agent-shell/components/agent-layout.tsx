import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { agentPageTitle } from '@sentinel/domain';
import { AgentHeader } from './agent-header';

/** The signed-in area: header with logo, tabs and menu, and the routed screen below. */
export function AgentLayout() {
  useEffect(() => {
    document.title = agentPageTitle();
  }, []);

  return (
    <div className="agent-layout">
      <AgentHeader />
      <main className="agent-layout__content">
        <Outlet />
      </main>
    </div>
  );
}

import { Outlet } from 'react-router';
import { AgentLayout } from '../../features/agent-shell/components/agent-layout';
import { LiveProvider } from '../../features/live/components/live-provider';

/** The signed-in area: the agent layout, whose content area receives live updates (spec part 1 §2). */
export function AgentArea() {
  return (
    <AgentLayout>
      <LiveProvider>
        <Outlet />
      </LiveProvider>
    </AgentLayout>
  );
}

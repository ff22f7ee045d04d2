import { Outlet } from 'react-router';
import { AgentLayout } from '../../features/agent-shell/components/agent-layout';
import { LiveProvider } from '../../features/live/components/live-provider';
import { AlarmWatcher } from '../../features/alarms/components/alarm-watcher';

/**
 * The signed-in area: the agent layout, whose content area receives live updates (spec part 1 §2),
 * and the alarm watcher (a tone and a desktop notification for a new alarm, the open count in the
 * title) wherever the person is.
 */
export function AgentArea() {
  return (
    <AgentLayout>
      <LiveProvider>
        <Outlet />
        <AlarmWatcher />
      </LiveProvider>
    </AgentLayout>
  );
}

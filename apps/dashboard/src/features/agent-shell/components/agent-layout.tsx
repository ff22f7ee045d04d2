import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { agentPageTitle } from '@sentinel/domain';
import { AgentHeader } from './agent-header';

export interface AgentLayoutProps {
  /** The content area; the app wraps the routed screen in the live connection here. @default <Outlet /> */
  children?: ReactNode;
}

/** The signed-in area: header with logo, tabs and menu, and the routed screen below. */
export function AgentLayout({ children = <Outlet /> }: AgentLayoutProps) {
  useEffect(() => {
    document.title = agentPageTitle();
  }, []);

  return (
    <div className="agent-layout">
      <AgentHeader />
      <main className="agent-layout__content">{children}</main>
    </div>
  );
}

import { Link } from 'react-router';
import { MOBILE_BREAKPOINT_PX, PATHS } from '@sentinel/domain';
import { Logo } from '@sentinel/ui';
import { useMediaQuery } from '../hooks/use-media-query';
import { TopTabs } from './top-tabs';
import { UserMenu } from './user-menu';

// "Shown only when the window is wider than 768 px": 769 px and up.
const WIDER_THAN_MOBILE = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

export function AgentHeader() {
  const wide = useMediaQuery(WIDER_THAN_MOBILE);
  return (
    <header className="agent-header">
      <Link to={PATHS.agent} className="agent-header__logo">
        <Logo />
      </Link>
      {wide && <TopTabs />}
      <UserMenu />
    </header>
  );
}

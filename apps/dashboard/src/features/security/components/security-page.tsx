import { useAtomValue } from 'jotai';
import { ROLE } from '@sentinel/domain';
import { PageHeader } from '@sentinel/ui';
import { authorisedUserAtom } from '../../../lib/session';
import { FactorsSection } from './factors-section';
import { SessionsSection } from './sessions-section';
import { StaffSection } from './staff-section';
import './security.css';

/**
 * /agent/security: the signed-in staff member's second factors and sessions; an Admin also sees
 * staff users' sessions, ends them and resets their second factors.
 */
export function SecurityPage() {
  const role = useAtomValue(authorisedUserAtom)?.userRole;
  return (
    <section className="security-page">
      <PageHeader title="Security" />
      <FactorsSection />
      <SessionsSection />
      {role === ROLE.admin && <StaffSection />}
    </section>
  );
}

import { useAtomValue } from 'jotai';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { mayManageCompanies } from '@sentinel/domain';
import { PageHeader } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';
import { companyQueries } from '../api/company-queries';
import { ExistingUsers } from './existing-users';
import { LinkNewUser } from './link-new-user';
import './companies.css';

/**
 * /agent/companies/{companyId}/link-user: 'Link New User' and 'Existing Users'. A Company-Admin may
 * not link or unlink (the server refuses it), so they see only the existing users.
 */
export function LinkUserPage() {
  const companyId = Number(useParams()['companyId']);
  const api = useApiClient();
  const navigate = useNavigate();
  const mayManage = mayManageCompanies(useAtomValue(authorisedUserAtom)?.userRole ?? '');
  const company = useQuery(companyQueries.detail(api, companyId));
  return (
    <section className="company-page">
      <PageHeader title="Link Company Users" onBack={() => void navigate(-1)} />
      {company.data && <p className="company-page__subtitle">{company.data.name}</p>}
      <div className="link-user-layout">
        {mayManage && <LinkNewUser companyId={companyId} />}
        <ExistingUsers companyId={companyId} mayRemove={mayManage} />
      </div>
    </section>
  );
}

import { useAtomValue } from 'jotai';
import { errorText } from '@sentinel/api-sdk';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { mayManageCompanies, PATHS } from '@sentinel/domain';
import { Alert, Button, EmptyState, PageHeader, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { authorisedUserAtom } from '../../../lib/session';
import { companyQueries, useDeleteCompanyMutation } from '../api/company-queries';
import './companies.css';

/** /agent/companies/{companyId}/view: the company's name, and 'Delete Company' for those who may. */
export function ViewCompanyPage() {
  const companyId = Number(useParams()['companyId']);
  const api = useApiClient();
  const navigate = useNavigate();
  const role = useAtomValue(authorisedUserAtom)?.userRole ?? '';
  const company = useQuery(companyQueries.detail(api, companyId));
  const deleteCompany = useDeleteCompanyMutation(companyId);

  async function onDelete() {
    try {
      await deleteCompany.mutateAsync();
    } catch (error) {
      console.error('Failed to remove company', error);
      return;
    }
    await navigate(PATHS.companies);
  }

  return (
    <section className="company-page">
      <PageHeader title="View Company" onBack={() => void navigate(-1)} />
      {company.isPending && <Spinner label="Loading company" />}
      {company.isSuccess && company.data === null && <EmptyState title="This company was not found" />}
      {company.isSuccess && company.data !== null && (
        <div className="company-view">
          <dl className="company-view__details">
            <dt>Name</dt>
            <dd>{company.data.name}</dd>
          </dl>
          {deleteCompany.isError && (
            <Alert variant="error">
              {errorText(deleteCompany.error, 'The company could not be deleted. Please try again.')}
            </Alert>
          )}
          {mayManageCompanies(role) && (
            <Button
              variant="danger"
              busy={deleteCompany.isPending}
              busyLabel="Deleting..."
              onClick={() => void onDelete()}
            >
              Delete Company
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

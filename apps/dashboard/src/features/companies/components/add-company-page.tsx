import { useCallback } from 'react';
import { errorText } from '@sentinel/api-sdk';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { canSubmitCompany, PATHS, ROUTES, validateCompany } from '@sentinel/domain';
import { Alert, Button, PageHeader, TextField } from '@sentinel/ui';
import { useFieldForm } from '../../../lib/use-field-form';
import { useCreateCompanyMutation } from '../api/company-queries';
import './companies.css';

type CompanyForm = { CompanyName: string };
const EMPTY: CompanyForm = { CompanyName: '' };

/** /admin/add-company: one Name field; success goes on to link the new company's users. */
export function AddCompanyPage() {
  const navigate = useNavigate();
  const createCompany = useCreateCompanyMutation();
  // The field is keyed as the server answers its errors (errors.CompanyName).
  const validate = useCallback((input: CompanyForm) => validateCompany({ Name: input.CompanyName }), []);
  const form = useFieldForm<keyof CompanyForm>(EMPTY, validate);
  const input = { Name: form.values.CompanyName };
  const submitting = createCompany.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !canSubmitCompany(input) || !form.validateAll()) return;
    let id: number;
    try {
      ({ id } = await createCompany.mutateAsync(input.Name.trim()));
    } catch (error) {
      if (!form.showServerErrors(error)) console.error(error);
      return;
    }
    await navigate(ROUTES.linkCompanyUser(id));
  }

  const failure =
    createCompany.isError && form.error('CompanyName') === undefined
      ? errorText(createCompany.error, 'The company could not be added. Please try again.')
      : undefined;

  return (
    <section className="company-page company-form-page">
      <PageHeader
        title="Add Company"
        actions={
          <Button variant="ghost" onClick={() => void navigate(PATHS.root)}>
            Close
          </Button>
        }
      />
      <form className="company-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Name"
          autoComplete="organization"
          {...form.bind('CompanyName')}
          onChange={(event) => form.setValue('CompanyName', event.target.value)}
        />
        {failure !== undefined && <Alert variant="error">{failure}</Alert>}
        <Button type="submit" disabled={!canSubmitCompany(input)} busy={submitting} busyLabel="Submitting">
          Add Company
        </Button>
      </form>
    </section>
  );
}

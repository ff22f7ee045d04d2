import { useCallback, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { canSubmitAgent, PATHS, validateAgent } from '@sentinel/domain';
import type { AgentInput } from '@sentinel/domain';
import type { ApiClient } from '@sentinel/api-sdk';
import { Button, PageHeader, PhoneField, Select, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { useFieldForm } from '../../../lib/use-field-form';
import '../../../lib/staff-screens.css';

const EMPTY: AgentInput = { FirstName: '', LastName: '', Email: '', PhoneNumber: '', RoleName: '' };

const loadRoles = (client: ApiClient) => client.roles.list();

/** /admin/add-agent: a new staff member with a role from the server's list, sent as its name. */
export function AddAgentPage() {
  const client = useApiClient();
  const navigate = useNavigate();
  const roles = useApiQuery(loadRoles);
  const roleNames = useMemo(() => (roles.data ?? []).map((role) => role.name), [roles.data]);
  const validate = useCallback((input: AgentInput) => validateAgent(input, roleNames), [roleNames]);
  const form = useFieldForm<keyof AgentInput>(EMPTY, validate);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !canSubmitAgent(form.values) || !form.validateAll()) return;
    setSubmitting(true);
    try {
      await client.users.createAgent(form.values);
      await navigate(PATHS.root);
    } catch (error) {
      // Field errors go beside their fields; other failures are silent (spec part 1, section 8).
      if (!form.showServerErrors(error)) console.error(error);
      setSubmitting(false);
    }
  }

  return (
    <section className="person-form-page">
      <PageHeader title="Add agent" onBack={() => void navigate(-1)} />
      <form className="person-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="Name"
          autoComplete="given-name"
          {...form.bind('FirstName')}
          onChange={(event) => form.setValue('FirstName', event.target.value)}
        />
        <TextField
          label="Surname"
          autoComplete="family-name"
          {...form.bind('LastName')}
          onChange={(event) => form.setValue('LastName', event.target.value)}
        />
        <PhoneField
          {...form.bind('PhoneNumber')}
          onValueChange={(value) => form.setValue('PhoneNumber', value)}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          {...form.bind('Email')}
          onChange={(event) => form.setValue('Email', event.target.value.trim())}
        />
        <Select
          label="Role"
          placeholder="Select a role"
          value={form.values.RoleName}
          onValueChange={(value) => form.setValue('RoleName', value)}
          options={roleNames.map((name) => ({ value: name, label: name }))}
          error={form.error('RoleName')}
        />
        <Button
          type="submit"
          disabled={!canSubmitAgent(form.values)}
          busy={submitting}
          busyLabel="Submitting"
        >
          Add agent
        </Button>
      </form>
    </section>
  );
}

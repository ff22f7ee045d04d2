import { useCallback, useMemo } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { canSubmitAgent, PATHS, validateAgent } from '@sentinel/domain';
import type { AgentInput } from '@sentinel/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, PageHeader, PhoneField, Select, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useFieldForm } from '../../../lib/use-field-form';
import { adminQueries, useCreateAgentMutation } from '../api/admin-queries';
import '../../../lib/staff-screens.css';

const EMPTY: AgentInput = { FirstName: '', LastName: '', Email: '', PhoneNumber: '', RoleName: '' };

/** /admin/add-agent: a new staff member with a role from the server's list, sent as its name. */
export function AddAgentPage() {
  const api = useApiClient();
  const navigate = useNavigate();
  const roles = useQuery(adminQueries.roles(api));
  const createAgent = useCreateAgentMutation();
  const roleNames = useMemo(() => (roles.data ?? []).map((role) => role.name), [roles.data]);
  const validate = useCallback((input: AgentInput) => validateAgent(input, roleNames), [roleNames]);
  const form = useFieldForm<keyof AgentInput>(EMPTY, validate);
  const submitting = createAgent.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !canSubmitAgent(form.values) || !form.validateAll()) return;
    try {
      await createAgent.mutateAsync(form.values);
    } catch (error) {
      // Field errors go beside their fields; other failures are silent (spec part 1, section 8).
      if (!form.showServerErrors(error)) console.error(error);
      return;
    }
    await navigate(PATHS.root);
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

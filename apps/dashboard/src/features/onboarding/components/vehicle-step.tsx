import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VehicleType } from '@sentinel/api-sdk';
import { canSubmitVehicleDetails, ONBOARDING_MESSAGES, registrationYearOptions } from '@sentinel/domain';
import { Button, SearchCombobox, Select, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import type { FieldForm } from '../../../lib/use-field-form';
import { onboardingQueries } from '../api/onboarding-queries';

export type VehicleField =
  'Vehicle' | 'RegistrationYear' | 'RegistrationNumber' | 'Colour' | 'VinNumber' | 'EngineNumber';

export const EMPTY_VEHICLE: Record<VehicleField, string> = {
  Vehicle: '',
  RegistrationYear: '',
  RegistrationNumber: '',
  Colour: '',
  VinNumber: '',
  EngineNumber: '',
};

export interface VehicleStepProps {
  form: FieldForm<VehicleField>;
  vehicleType: VehicleType | null;
  onVehicleTypeChange: (type: VehicleType | null) => void;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
}

/** The vehicle details step: search the vehicle, then year, registration, colour, VIN and engine. */
export function VehicleStep({
  form,
  vehicleType,
  onVehicleTypeChange,
  submitting,
  onBack,
  onSubmit,
}: VehicleStepProps) {
  const api = useApiClient();
  const [years] = useState(() => registrationYearOptions().map((year) => ({ value: year, label: year })));
  const search = useQuery(onboardingQueries.vehicleTypes(api, form.values.Vehicle));
  const ready = canSubmitVehicleDetails({
    vehicle: form.values.Vehicle,
    vehicleTypeId: vehicleType?.id ?? 0,
    registrationYear: form.values.RegistrationYear,
    registrationNumber: form.values.RegistrationNumber,
    colour: form.values.Colour,
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!submitting && ready && form.validateAll()) onSubmit();
  }

  return (
    <form className="person-form" onSubmit={submit} noValidate aria-label="Vehicle details">
      <h2>Vehicle details</h2>
      <SearchCombobox<VehicleType>
        label="Vehicle"
        placeholder="Start typing the make or model"
        options={search.data ?? []}
        optionToString={(type) => type.makeVariant}
        optionKey={(type) => type.id}
        selected={vehicleType}
        onSelectedChange={onVehicleTypeChange}
        inputValue={form.values.Vehicle}
        onInputValueChange={(text) => {
          form.setValue('Vehicle', text);
          // A changed text no longer names the chosen vehicle.
          if (vehicleType !== null && text !== vehicleType.makeVariant) onVehicleTypeChange(null);
        }}
        loading={search.isFetching && search.data === undefined}
        emptyText={ONBOARDING_MESSAGES.vehicleNotListed}
        error={form.error('Vehicle')}
        onBlur={() => form.blur('Vehicle')}
      />
      <Select
        label="Year"
        placeholder="Select a year"
        options={years}
        value={form.values.RegistrationYear}
        onValueChange={(value) => {
          form.setValue('RegistrationYear', value);
          form.clearErrors('RegistrationYear');
        }}
        error={form.error('RegistrationYear')}
      />
      <TextField
        label="Registration number"
        autoComplete="off"
        {...form.bind('RegistrationNumber')}
        onChange={(event) => form.setValue('RegistrationNumber', event.target.value.toUpperCase())}
      />
      <TextField
        label="Colour"
        autoComplete="off"
        {...form.bind('Colour')}
        onChange={(event) => form.setValue('Colour', event.target.value)}
      />
      <TextField
        label="VIN number (optional)"
        autoComplete="off"
        {...form.bind('VinNumber')}
        onChange={(event) => form.setValue('VinNumber', event.target.value.toUpperCase())}
      />
      <TextField
        label="Engine number (optional)"
        autoComplete="off"
        {...form.bind('EngineNumber')}
        onChange={(event) => form.setValue('EngineNumber', event.target.value.toUpperCase())}
      />
      <div className="person-form__actions">
        <Button type="button" variant="secondary" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button type="submit" disabled={!ready} busy={submitting} busyLabel="Submitting">
          Next
        </Button>
      </div>
    </form>
  );
}

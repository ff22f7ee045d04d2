import { useState } from 'react';
import type { FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '@sentinel/api-sdk';
import { installationSlotLabel, ONBOARDING_MESSAGES, PATHS, ROUTES } from '@sentinel/domain';
import { Alert, Button, PageHeader, Select, Spinner } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { installationQueries, useBookingMutations } from '../api/installation-queries';
import { ExistingInstallationFields, NO_EXISTING } from './existing-installation-fields';
import type { ExistingInstallation } from './existing-installation-fields';
import '../../../lib/staff-screens.css';

type Kind = 'new' | 'existing';

/**
 * /agent/onboarding/client/{vehicleId}/installation: region, then its active centres, then a slot
 * (or, for an installation already done, its date and the fitted device). A vehicle with a booking
 * is rescheduled instead. Afterwards payment follows when the vehicle has no plan yet.
 */
export function InstallationPage() {
  const vehicleId = Number(useParams().clientId);
  const api = useApiClient();
  const navigate = useNavigate();
  const vehicle = useQuery(installationQueries.vehicle(api, vehicleId));
  const regions = useQuery(installationQueries.regions(api));
  const centres = useQuery(installationQueries.centres(api));
  const [kind, setKind] = useState<Kind>('new');
  const [regionId, setRegionId] = useState('');
  const [centreId, setCentreId] = useState('');
  const [slot, setSlot] = useState('');
  const [existing, setExisting] = useState<ExistingInstallation>(NO_EXISTING);
  const [deviceError, setDeviceError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  // An existing installation recorded in this visit whose device link was refused: the screen stays
  // as it was (nothing typed is lost) and a new submit only links the device.
  const [recorded, setRecorded] = useState(false);
  const slots = useQuery(installationQueries.slots(api, centreId === '' ? null : Number(centreId)));
  const mutations = useBookingMutations();

  if (vehicle.isPending || regions.isPending || centres.isPending) return <Spinner label="Loading" />;
  const current = vehicle.data ?? null;
  const bookingId = recorded ? null : (current?.installationBookingId ?? null);
  const isExisting = bookingId === null && kind === 'existing';
  const regionCentres = (centres.data ?? []).filter((centre) => String(centre.regionId) === regionId);
  const busy = mutations.create.isPending || mutations.update.isPending || mutations.link.isPending;
  const ready = regionId !== '' && centreId !== '' && (isExisting ? existing.dateTime !== '' : slot !== '');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy || current === null) return;
    setFailure(null);
    if (isExisting && (existing.device === null || !existing.confirmed)) {
      setDeviceError(ONBOARDING_MESSAGES.selectDevice);
      return;
    }
    setDeviceError(undefined);
    const fitmentCenterId = Number(centreId);
    const installationUtcDateTime = isExisting ? new Date(existing.dateTime).toISOString() : slot;
    if (!recorded) {
      try {
        if (bookingId !== null) {
          await mutations.update.mutateAsync({
            id: bookingId,
            request: { fitmentCenterId, installationUtcDateTime, active: true },
          });
        } else {
          await mutations.create.mutateAsync({
            vehicleId,
            fitmentCenterId,
            installationUtcDateTime,
            onboardingExistingClient: isExisting,
          });
        }
      } catch (error) {
        setFailure(ONBOARDING_MESSAGES.bookingFailed(errorText(error)));
        return;
      }
      if (isExisting) setRecorded(true);
    }
    if (isExisting && existing.device !== null) {
      try {
        await mutations.link.mutateAsync({
          vehicleId,
          request: { deviceSerialNumber: existing.device.serialNumber, vehicleNickname: current.nickname },
        });
      } catch (error) {
        setFailure(ONBOARDING_MESSAGES.linkFailed(errorText(error)));
        return;
      }
    }
    await navigate(current.subscriptionPlanId === null ? ROUTES.payment(vehicleId) : PATHS.scheduled);
  }

  return (
    <section className="person-form-page">
      <PageHeader title={bookingId === null ? 'Installation scheduling' : 'Reschedule installation'} />
      {current !== null && (
        <p>
          {current.makeVariant} {current.registrationNumber}
          {current.installationBookingUtcDateTime !== null &&
            ` — booked for ${installationSlotLabel(current.installationBookingUtcDateTime)} at ${current.fitmentCenterName ?? ''}`}
        </p>
      )}
      {bookingId === null && !recorded && (
        <div className="person-form__actions" role="group" aria-label="Installation type">
          {(['new', 'existing'] as const).map((option) => (
            <Button
              key={option}
              type="button"
              variant={kind === option ? 'primary' : 'secondary'}
              aria-pressed={kind === option}
              onClick={() => setKind(option)}
            >
              {option === 'new' ? 'New Installation' : 'Existing Installation'}
            </Button>
          ))}
        </div>
      )}
      {failure !== null && <Alert variant="error">{failure}</Alert>}
      <form className="person-form" onSubmit={(event) => void submit(event)} noValidate>
        <Select
          label="Region"
          placeholder="Select a region"
          options={(regions.data ?? []).map((region) => ({ value: String(region.id), label: region.name }))}
          value={regionId}
          onValueChange={(value) => {
            setRegionId(value);
            setCentreId('');
            setSlot('');
          }}
        />
        <Select
          label="Fitment centre"
          placeholder="Select a fitment centre"
          disabled={regionId === ''}
          options={regionCentres.map((centre) => ({
            value: String(centre.id),
            label: `${centre.name} (${centre.area})`,
          }))}
          value={centreId}
          onValueChange={(value) => {
            setCentreId(value);
            setSlot('');
          }}
        />
        {isExisting ? (
          <ExistingInstallationFields value={existing} onChange={setExisting} deviceError={deviceError} />
        ) : (
          <Select
            label="Date and time"
            placeholder={centreId === '' ? 'Select a fitment centre first' : 'Select a date and time'}
            disabled={centreId === '' || slots.isPending}
            options={(slots.data ?? []).map((option) => ({
              value: option.installationUtcDateTime,
              label: installationSlotLabel(option.installationUtcDateTime),
            }))}
            value={slot}
            onValueChange={setSlot}
          />
        )}
        <Button type="submit" disabled={!ready} busy={busy} busyLabel="Submitting">
          {bookingId === null ? 'Book installation' : 'Reschedule'}
        </Button>
      </form>
    </section>
  );
}

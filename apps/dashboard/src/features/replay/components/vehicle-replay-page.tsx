import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  customReplayPeriod,
  johannesburgDate,
  REPLAY_PERIODS,
  replayPeriod,
  replayPeriodError,
} from '@sentinel/domain';
import type { ReplayPeriodName } from '@sentinel/domain';
import { Alert, PageHeader, Spinner, TripReplay } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { replayQueries } from '../api/replay-queries';
import { PeriodPicker } from './period-picker';
import type { PeriodChoice } from './period-picker';
import './replay.css';

const isPeriodName = (name: string | null): name is ReplayPeriodName =>
  REPLAY_PERIODS.some((period) => period.name === name);

/** The period in the address (?period=yesterday, or ?period=custom&from=&to=), today by default. */
function usePeriodChoice(): [PeriodChoice, (choice: PeriodChoice) => void] {
  const [search, setSearch] = useSearchParams();
  const today = johannesburgDate(new Date());
  const name = search.get('period');
  const choice: PeriodChoice = {
    name: isPeriodName(name) ? name : 'today',
    fromDate: search.get('from') ?? today,
    toDate: search.get('to') ?? today,
  };
  const change = (next: PeriodChoice) =>
    setSearch(
      next.name === 'custom'
        ? { period: 'custom', from: next.fromDate, to: next.toDate }
        : { period: next.name },
      { replace: true },
    );
  return [choice, change];
}

/** /agent/clients/:clientId/vehicle/:vehicleId/replay: the vehicle's journeys over a period. */
export function VehicleReplayPage() {
  const { vehicleId = '' } = useParams();
  const id = Number(vehicleId);
  const api = useApiClient();
  const navigate = useNavigate();
  const { googleMapsApiKey } = useAppSettings();
  const [choice, setChoice] = usePeriodChoice();
  const period = useMemo(
    () =>
      choice.name === 'custom'
        ? customReplayPeriod(choice.fromDate, choice.toDate)
        : replayPeriod(choice.name, new Date()),
    [choice.name, choice.fromDate, choice.toDate],
  );
  const periodError = replayPeriodError(period);
  const fixes = useQuery({ ...replayQueries.fixes(api, id, period), enabled: periodError === undefined });
  const trips = useQuery({ ...replayQueries.trips(api, id, period), enabled: periodError === undefined });
  // A trip is chosen within one period: another period starts with the whole of it.
  const [selection, setSelection] = useState<{ key: string; trip: number | null }>({ key: '', trip: null });
  const periodKey = `${period.from}/${period.to}`;
  const selectedTrip = selection.key === periodKey ? selection.trip : null;

  return (
    <section className="vehicle-replay-page">
      <PageHeader title="Trip replay" onBack={() => void navigate(-1)} />
      <PeriodPicker
        key={periodKey}
        value={choice}
        onChange={(next) => {
          setChoice(next);
        }}
      />
      {periodError !== undefined ? (
        <Alert variant="error">{periodError}</Alert>
      ) : fixes.isError || trips.isError ? (
        <Alert variant="error">The replay could not be loaded. Please try again.</Alert>
      ) : fixes.data === undefined || trips.data === undefined ? (
        <Spinner label="Loading replay" />
      ) : (
        <TripReplay
          apiKey={googleMapsApiKey}
          fixes={fixes.data}
          trips={trips.data.trips}
          stops={trips.data.stops}
          events={trips.data.events}
          selectedTrip={selectedTrip}
          onSelectTrip={(trip) => setSelection({ key: periodKey, trip })}
        />
      )}
    </section>
  );
}

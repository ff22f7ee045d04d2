import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorText } from '@sentinel/api-sdk';
import { ALARM_KIND_LABELS, PATHS, PRODUCT_NAME } from '@sentinel/domain';
import type { AlarmFiguresRow } from '@sentinel/domain';
import { Alert, Button, EmptyState, PageHeader, Spinner, TextField } from '@sentinel/ui';
import { useApiClient } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { alarmQueries } from '../api/alarm-queries';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { formatResponseSeconds, johannesburgDay } from '../utils/figures-format';
import './alarms.css';

/** /agent/alarms/figures: per day and kind, how many alarms, how many broke their target, how fast. */
export function AlarmFiguresPage() {
  useDocumentTitle(`Alarm figures · ${PRODUCT_NAME}`);
  const api = useApiClient();
  const navigate = useNavigate();
  // The last 7 days, today included.
  const [from, setFrom] = useState(() => johannesburgDay(new Date(), -6));
  const [to, setTo] = useState(() => johannesburgDay(new Date()));
  const valid = from !== '' && to !== '' && from <= to;
  const figures = useQuery({ ...alarmQueries.figures(api, from, to), enabled: valid });
  const download = useMutation({
    mutationFn: () => api.alarms.figuresCsv({ from, to }),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => console.error(error),
  });

  return (
    <section className="alarms-page">
      <PageHeader
        title="Alarm figures"
        onBack={() => void navigate(PATHS.alarms)}
        actions={
          <Button
            variant="secondary"
            disabled={!valid}
            busy={download.isPending}
            busyLabel="Downloading"
            onClick={() => download.mutate()}
          >
            Download CSV
          </Button>
        }
      />
      <div className="alarms-page__controls">
        <TextField
          label="From"
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          label="To"
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      {download.isError && <Alert variant="error">{errorText(download.error)}</Alert>}
      {!valid ? (
        <EmptyState title="Choose a first day on or before the last." />
      ) : figures.isPending ? (
        <Spinner label="Loading the figures" />
      ) : figures.isError ? (
        <Alert variant="error">{errorText(figures.error)}</Alert>
      ) : figures.data.rows.length === 0 ? (
        <EmptyState title="No alarms in these days." />
      ) : (
        <FiguresTable rows={figures.data.rows} />
      )}
    </section>
  );
}

function FiguresTable({ rows }: { rows: readonly AlarmFiguresRow[] }) {
  return (
    <div className="alarms-figures">
      <table>
        <caption>Response figures per day and kind</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Kind</th>
            <th scope="col">Alarms</th>
            <th scope="col">Breached</th>
            <th scope="col">Acknowledge median</th>
            <th scope="col">Acknowledge p90</th>
            <th scope="col">Resolve median</th>
            <th scope="col">Resolve p90</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.day}-${row.kind}`}>
              <th scope="row">{row.day}</th>
              <td>{ALARM_KIND_LABELS[row.kind]}</td>
              <td>{row.alarms}</td>
              <td>{row.breached}</td>
              <td>{formatResponseSeconds(row.acknowledgeMedianSeconds)}</td>
              <td>{formatResponseSeconds(row.acknowledgeP90Seconds)}</td>
              <td>{formatResponseSeconds(row.resolveMedianSeconds)}</td>
              <td>{formatResponseSeconds(row.resolveP90Seconds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

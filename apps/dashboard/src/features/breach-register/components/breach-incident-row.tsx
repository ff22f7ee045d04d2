import { useId } from 'react';
import { formatBreachTime } from '@sentinel/domain';
import type { BreachIncident } from '@sentinel/api-sdk';
import { Button, Card } from '@sentinel/ui';

const told = (instant: string | null) => (instant === null ? 'Not yet' : formatBreachTime(instant));

/** One incident of the register: when, what, which data, how many people, who was told, and Edit. */
export function BreachIncidentRow({ incident, onEdit }: { incident: BreachIncident; onEdit: () => void }) {
  const titleId = useId();
  const people = incident.peopleAffected;
  return (
    <Card className="breach-row">
      <h2 id={titleId} className="breach-row__title">
        {`Discovered ${formatBreachTime(incident.discoveredAt)}`}
      </h2>
      <p className="breach-row__description">{incident.description}</p>
      <dl className="breach-row__facts">
        <dt>Happened</dt>
        <dd>{formatBreachTime(incident.occurredAt)}</dd>
        <dt>Data</dt>
        <dd>{incident.dataClasses.join(', ')}</dd>
        <dt>People affected</dt>
        <dd>{people === 1 ? '1 person' : `${people.toLocaleString('en-ZA')} people`}</dd>
        <dt>Regulator told</dt>
        <dd>{told(incident.regulatorNotifiedAt)}</dd>
        <dt>People told</dt>
        <dd>{told(incident.peopleNotifiedAt)}</dd>
        <dt>Recorded</dt>
        <dd>
          {[formatBreachTime(incident.recordedAt), incident.recordedByEmail].filter(Boolean).join(' by ')}
        </dd>
      </dl>
      <div className="breach-row__actions">
        <Button variant="secondary" aria-describedby={titleId} onClick={onEdit}>
          Edit
        </Button>
      </div>
    </Card>
  );
}

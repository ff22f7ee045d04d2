import { useId } from 'react';
import { ALARM_PRIORITY_LABELS, formatDistance, polygonCorners, ruleText } from '@sentinel/domain';
import type { Geofence, GeofenceShape } from '@sentinel/domain';
import { Button, Card } from '@sentinel/ui';

/** 'Circle, 500 m', 'Circle, 1.5 km' or 'Polygon, 5 corners'. */
export function geofenceShapeText(shape: GeofenceShape): string {
  if (shape.type === 'Circle') return `Circle, ${formatDistance(shape.radiusMetres)}`;
  const corners = polygonCorners(shape.points).length;
  return `Polygon, ${corners} ${corners === 1 ? 'corner' : 'corners'}`;
}

/** One geofence in the list: its name, shape, scope and rules, and Edit and Delete where the person may. */
export function GeofenceRow({
  geofence,
  onEdit,
  onDelete,
}: {
  geofence: Geofence;
  /** Absent when the geofence is read-only to the person (another role's Everyone zone). */
  onEdit: (() => void) | undefined;
  onDelete: (() => void) | undefined;
}) {
  const titleId = useId();
  return (
    <Card className="geofence-row">
      <h2 id={titleId} className="geofence-row__name">
        {geofence.name}
      </h2>
      <dl className="geofence-row__facts">
        <dt>Shape</dt>
        <dd>{geofenceShapeText(geofence.shape)}</dd>
        <dt>Vehicles</dt>
        <dd>{geofence.scopeName}</dd>
        <dt>Rules</dt>
        <dd>
          <ul className="geofence-row__rules">
            {geofence.rules.map((rule, index) => (
              <li key={index}>
                {ruleText(rule)} · {ALARM_PRIORITY_LABELS[rule.priority]} priority
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {(onEdit !== undefined || onDelete !== undefined) && (
        <div className="geofence-row__actions">
          {onEdit !== undefined && (
            <Button variant="secondary" aria-describedby={titleId} onClick={onEdit}>
              Edit
            </Button>
          )}
          {onDelete !== undefined && (
            <Button variant="danger" aria-describedby={titleId} onClick={onDelete}>
              Delete
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

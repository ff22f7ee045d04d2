import { memo, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { formatDistance, formatReplayTime } from '@sentinel/domain';
import type { ReplayEvent, ReplayFix } from '@sentinel/domain';
import { Button } from '../button';
import { EventGroup, groupName } from './event-group';
import { groupNear, isAlarm } from './marker-groups';
import type { Point } from './marker-groups';
import { eventKind, eventName, usePlayhead, useTrack } from './replay-context';

/** Metres east and north of a reference point (equirectangular: to scale over a city). */
function projector(fixes: readonly ReplayFix[]) {
  const first = fixes[0];
  const latitude = first?.latitudeDegrees ?? 0;
  const longitude = first?.longitudeDegrees ?? 0;
  const perLongitude = 111_320 * Math.cos((latitude * Math.PI) / 180);
  return (latitudeDegrees: number, longitudeDegrees: number): Point => ({
    x: (longitudeDegrees - longitude) * perLongitude,
    y: -(latitudeDegrees - latitude) * 110_574,
  });
}

const SCALES = [10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000];

/** The route as one path: drawn once per track, not per frame. */
const RoutePath = memo(function RoutePath({ d }: { d: string }) {
  return <path className="sn-replay-panel__route" d={d} vectorEffect="non-scaling-stroke" />;
});

/**
 * The replay without a map: the route drawn to scale in a plain frame (north up), the moving
 * marker, stops and events where they happened, a scale bar; zoom buttons and dragging to pan.
 */
export function ReplayPanel() {
  const { fixes, stops, events } = useTrack();
  const { marker, follow, setFollow, seek } = usePlayhead();
  const [zoom, setZoom] = useState(1);
  const [centre, setCentre] = useState<Point | null>(null);
  const drag = useRef<{ x: number; y: number; centre: Point } | null>(null);
  const svgRef = useRef<SVGSVGElement>(null);

  const { project, d, box } = useMemo(() => {
    const project = projector(fixes);
    const points = fixes.map((fix) => project(fix.latitudeDegrees, fix.longitudeDegrees));
    const xs = points.map((point) => point.x);
    const ys = points.map((point) => point.y);
    const minX = Math.min(...xs, 0);
    const maxX = Math.max(...xs, 0);
    const minY = Math.min(...ys, 0);
    const maxY = Math.max(...ys, 0);
    // At least 500 m across, so a parked vehicle's jitter does not fill the frame.
    const width = Math.max(maxX - minX, 500) * 1.1;
    const height = Math.max(maxY - minY, 500) * 1.1;
    const d = points
      .map((point, i) => `${i === 0 ? 'M' : 'L'}${point.x.toFixed(1)} ${point.y.toFixed(1)}`)
      .join('');
    return { project, d, box: { x: (minX + maxX) / 2, y: (minY + maxY) / 2, width, height } };
  }, [fixes]);

  const markerPoint = marker ? project(marker.latitudeDegrees, marker.longitudeDegrees) : undefined;
  const width = box.width / zoom;
  const height = box.height / zoom;
  const middle = follow && zoom > 1 && markerPoint ? markerPoint : (centre ?? box);
  const viewBox = `${middle.x - width / 2} ${middle.y - height / 2} ${width} ${height}`;
  const unit = Math.max(width, height) / 60;
  const scale = [...SCALES].reverse().find((metres) => metres <= width / 4) ?? SCALES[0]!;

  const onPointerDown = (event: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: event.clientX, y: event.clientY, centre: middle };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const start = drag.current;
    const svg = svgRef.current;
    if (start === null || svg === null) return;
    const perPixel = width / Math.max(1, svg.clientWidth);
    const dx = (event.clientX - start.x) * perPixel;
    const dy = (event.clientY - start.y) * perPixel;
    if (Math.abs(dx) + Math.abs(dy) < perPixel * 3) return;
    setFollow(false);
    setCentre({ x: start.centre.x - dx, y: start.centre.y - dy });
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const zoomTo = (next: number) => {
    setCentre(middle);
    setZoom(Math.min(256, Math.max(1, next)));
  };

  return (
    <div className="sn-replay-panel" role="group" aria-label="Route map">
      <svg
        ref={svgRef}
        className="sn-replay-panel__svg"
        viewBox={viewBox}
        preserveAspectRatio="xMidYMid meet"
        role="img"
        aria-label="Route drawn to scale, north up"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        <RoutePath d={d} />
        {stops.map((stop) => {
          const point = project(stop.latitudeDegrees, stop.longitudeDegrees);
          return (
            <rect
              key={stop.startAt}
              className="sn-replay-panel__stop"
              x={point.x - unit / 2}
              y={point.y - unit / 2}
              width={unit}
              height={unit}
            >
              <title>{`Stop from ${formatReplayTime(stop.startAt)}`}</title>
            </rect>
          );
        })}
        {markerPoint && (
          <circle className="sn-replay-panel__marker" cx={markerPoint.x} cy={markerPoint.y} r={unit} />
        )}
        <g className="sn-replay-panel__scale" aria-hidden="true">
          <line
            x1={middle.x - width / 2 + unit * 2}
            x2={middle.x - width / 2 + unit * 2 + scale}
            y1={middle.y + height / 2 - unit * 2}
            y2={middle.y + height / 2 - unit * 2}
            vectorEffect="non-scaling-stroke"
          />
          <text
            x={middle.x - width / 2 + unit * 2}
            y={middle.y + height / 2 - unit * 2.6}
            fontSize={unit * 1.6}
          >
            {formatDistance(scale)}
          </text>
        </g>
      </svg>
      <EventMarkers viewBox={viewBox} events={events} project={project} unit={unit} onSeek={seek} />
      <div className="sn-replay-panel__zoom">
        <Button type="button" variant="secondary" onClick={() => zoomTo(zoom * 2)} disabled={zoom >= 256}>
          Zoom in
        </Button>
        <Button type="button" variant="secondary" onClick={() => zoomTo(zoom / 2)} disabled={zoom <= 1}>
          Zoom out
        </Button>
      </div>
    </div>
  );
}

interface Placed {
  event: ReplayEvent;
  point: Point;
}

function centre(group: readonly Placed[]): Point {
  return {
    x: group.reduce((sum, each) => sum + each.point.x, 0) / group.length,
    y: group.reduce((sum, each) => sum + each.point.y, 0) / group.length,
  };
}

/** Enter and Space press an SVG marker, as they press a button. */
function pressWith(action: () => void) {
  return (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  };
}

/**
 * The events where they happened, over the drawing (a picture to assistive technology) in a layer
 * of their own that only its markers take the pointer in. Markers that would overlap become one
 * with their count, which opens their list; a raised tamper alert is drawn last, and lifted above
 * the entries at its place on a stem, so it never lies under a lock nor hides one.
 */
function EventMarkers({
  viewBox,
  events,
  project,
  unit,
  onSeek,
}: {
  viewBox: string;
  events: readonly ReplayEvent[];
  project: (latitudeDegrees: number, longitudeDegrees: number) => Point;
  unit: number;
  onSeek: (time: number) => void;
}) {
  // Markers about 12 px across in the 24rem frame (a unit is a sixtieth of it), with room between.
  const radius = unit * 0.9;
  const gap = unit * 2.4;
  const { others, alarms } = useMemo(() => {
    const placed: Placed[] = [];
    for (const event of events) {
      if (event.latitudeDegrees === null || event.longitudeDegrees === null) continue;
      placed.push({ event, point: project(event.latitudeDegrees, event.longitudeDegrees) });
    }
    placed.sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at));
    const group = (alarm: boolean) =>
      groupNear(
        placed.filter((each) => isAlarm(each.event) === alarm),
        (each) => each.point,
        gap,
      ).map((members) => ({ members, at: centre(members) }));
    return { others: group(false), alarms: group(true) };
  }, [events, project, gap]);

  const marker = (members: readonly Placed[], at: Point, alarm: boolean) => {
    const first = members[0]!.event;
    if (members.length === 1) {
      return (
        <g
          key={first.id}
          role="button"
          tabIndex={0}
          aria-label={eventName(first)}
          className={`sn-replay-panel__event sn-replay-panel__event--${eventKind(first)}`}
          onClick={() => onSeek(Date.parse(first.at))}
          onKeyDown={pressWith(() => onSeek(Date.parse(first.at)))}
        >
          <title>{eventName(first)}</title>
          <circle cx={at.x} cy={at.y} r={radius} />
        </g>
      );
    }
    const list = members.map((each) => each.event);
    return (
      <EventGroup key={first.id} events={list} onSeek={onSeek}>
        <g
          role="button"
          tabIndex={0}
          aria-label={groupName(list)}
          className={`sn-replay-panel__group${alarm ? ' sn-replay-panel__group--alarm' : ''}`}
        >
          <title>{groupName(list)}</title>
          <circle cx={at.x} cy={at.y} r={radius * 1.25} />
          <text x={at.x} y={at.y} fontSize={unit * 1.3} textAnchor="middle" dominantBaseline="central">
            {list.length}
          </text>
        </g>
      </EventGroup>
    );
  };

  return (
    <svg
      className="sn-replay-panel__events"
      viewBox={viewBox}
      preserveAspectRatio="xMidYMid meet"
      role="group"
      aria-label="Events on the map"
    >
      {others.map(({ members, at }) => marker(members, at, false))}
      {alarms.map(({ members, at }) => {
        const covers = others.some((other) => Math.hypot(other.at.x - at.x, other.at.y - at.y) < gap);
        if (!covers) return marker(members, at, true);
        const lifted = { x: at.x, y: at.y - gap * 1.4 };
        return (
          <g key={members[0]!.event.id}>
            <line
              className="sn-replay-panel__stem"
              x1={at.x}
              y1={at.y}
              x2={lifted.x}
              y2={lifted.y}
              vectorEffect="non-scaling-stroke"
            />
            {marker(members, lifted, true)}
          </g>
        );
      })}
    </svg>
  );
}

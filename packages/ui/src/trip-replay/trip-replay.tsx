import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';
import { clsx } from 'clsx';
import {
  fixesBetween,
  formatCoordinates,
  formatDistance,
  formatDuration,
  formatReplayDayTime,
  formatReplayTime,
  REPLAY_SPEEDS,
} from '@sentinel/domain';
import type { ReplayEvent, ReplayFix, Stop, Trip } from '@sentinel/domain';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { EmptyState } from '../empty-state';
import { PlayheadContext, TrackContext, eventKind, eventName, usePlayhead, useTrack } from './replay-context';
import type { ReplayTrack } from './replay-context';
import { EventGroup, groupName } from './event-group';
import { groupAlong, isAlarm } from './marker-groups';
import { ReplayGoogleMap } from './replay-google-map';
import { ReplayPanel } from './replay-panel';
import { usePlayback } from './use-playback';

export interface TripReplayRootProps {
  /** The period's fixes, oldest first (GET /Vehicles/{id}/Replay/Fixes). */
  fixes: readonly ReplayFix[];
  /** The period's trips, stops and events (GET /Vehicles/{id}/Replay/Trips). */
  trips: readonly Trip[];
  stops: readonly Stop[];
  events: readonly ReplayEvent[];
  /** The chosen trip's index: only its fixes are replayed. null replays the whole period. */
  selectedTrip: number | null;
  onSelectTrip: (index: number | null) => void;
  /** googleMapsApiKey from appsettings.json; without one the replay runs on the plain panel. */
  apiKey?: string | undefined;
  className?: string;
  children: ReactNode;
}

// ---------------------------------------------------------------------------------------------
// Root: what is replayed, and the playhead over it

function Root({
  fixes,
  trips,
  stops,
  events,
  selectedTrip,
  onSelectTrip,
  apiKey,
  className,
  children,
}: TripReplayRootProps) {
  const trip = selectedTrip === null ? undefined : trips[selectedTrip];
  const track = useMemo<ReplayTrack>(() => {
    const replayed = trip === undefined ? fixes : fixesBetween(fixes, trip.startAt, trip.endAt);
    const times = replayed.map((fix) => Date.parse(fix.at));
    const first = times[0] ?? 0;
    const last = times.at(-1) ?? 0;
    return {
      fixes: replayed,
      times,
      trips,
      stops,
      events: events.filter((event) => {
        const at = Date.parse(event.at);
        return at >= first && at <= last;
      }),
      selectedTrip: trip === undefined ? null : selectedTrip,
      onSelectTrip,
      apiKey: apiKey === undefined || apiKey.trim() === '' ? undefined : apiKey,
    };
  }, [fixes, trips, stops, events, trip, selectedTrip, onSelectTrip, apiKey]);
  const playhead = usePlayback(track.fixes, track.times);
  return (
    <TrackContext.Provider value={track}>
      <PlayheadContext.Provider value={playhead}>
        <section className={clsx('sn-replay', className)} aria-label="Trip replay">
          {children}
        </section>
      </PlayheadContext.Provider>
    </TrackContext.Provider>
  );
}

// ---------------------------------------------------------------------------------------------
// Map: Google's with a key, else the route drawn to scale

function Map() {
  const { apiKey, fixes } = useTrack();
  if (fixes.length === 0) {
    return <EmptyState title="No fixes in this period" description="The vehicle reported no position." />;
  }
  return apiKey === undefined ? <ReplayPanel /> : <ReplayGoogleMap apiKey={apiKey} />;
}

// ---------------------------------------------------------------------------------------------
// Controls: play, pause, speed, previous and next fix, follow, and the readout at the marker

function Controls() {
  const { fixes, times } = useTrack();
  const { time, marker, playing, speed, follow, seek, setPlaying, setSpeed, setFollow } = usePlayhead();
  const index = marker?.index ?? 0;
  const atFix = times[index] === time;
  const previous = atFix ? index - 1 : index;
  const disabled = fixes.length < 2;
  return (
    <div className="sn-replay__controls" role="group" aria-label="Playback">
      <Button type="button" onClick={() => setPlaying(!playing)} disabled={disabled}>
        {playing ? 'Pause' : 'Play'}
      </Button>
      <Button
        type="button"
        variant="secondary"
        onClick={() => seek(times[Math.max(0, previous)] ?? time)}
        disabled={disabled || (index === 0 && atFix)}
      >
        Previous fix
      </Button>
      <Button
        type="button"
        variant="secondary"
        onClick={() => seek(times[index + 1] ?? time)}
        disabled={disabled || index >= times.length - 1}
      >
        Next fix
      </Button>
      <label className="sn-replay__speed">
        Speed
        <select value={speed} onChange={(event) => setSpeed(Number(event.target.value))}>
          {REPLAY_SPEEDS.map((each) => (
            <option key={each} value={each}>
              {each}x
            </option>
          ))}
        </select>
      </label>
      <Checkbox label="Follow the vehicle" checked={follow} onCheckedChange={setFollow} />
      <dl className="sn-replay__readout" aria-live="off">
        <div>
          <dt>Time</dt>
          <dd data-testid="replay-time">{fixes.length === 0 ? '–' : formatReplayTime(time)}</dd>
        </div>
        <div>
          <dt>Speed</dt>
          <dd data-testid="replay-speed">
            {marker === undefined ? '–' : `${Math.round(marker.speedKmh)} km/h`}
          </dd>
        </div>
      </dl>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Timeline: the scrubber, with the lock, unlock and tamper entries along it. Raised tamper alerts
// have their own row above the others, so an alarm is never under a lock; markers of a row that
// would overlap become one marker with their count, which opens the list of its events.

/** Less than this apart (px), two markers' targets would touch: WCAG's 24 px target spacing. */
const MARKER_GAP_PX = 24;
/** The width assumed before the timeline is measured (and in a DOM without layout). */
const UNMEASURED_WIDTH_PX = 640;

function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width > 0 ? width : UNMEASURED_WIDTH_PX;
}

function Timeline() {
  const { times, events } = useTrack();
  const { time, seek } = usePlayhead();
  const start = times[0] ?? 0;
  const end = times.at(-1) ?? 0;
  const span = Math.max(1, end - start);
  const listRef = useRef<HTMLOListElement>(null);
  const width = useWidth(listRef);
  const rows = useMemo(() => {
    const offset = (event: ReplayEvent) => ((Date.parse(event.at) - start) / span) * width;
    const row = (alarm: boolean) =>
      groupAlong(
        events.filter((event) => isAlarm(event) === alarm),
        offset,
        MARKER_GAP_PX,
      ).map((group) => ({ alarm, group }));
    // In time order, alarms first at the same moment, so a screen reader meets them as they happened.
    return [...row(true), ...row(false)].sort(
      (a, b) => Date.parse(a.group[0]!.at) - Date.parse(b.group[0]!.at) || Number(b.alarm) - Number(a.alarm),
    );
  }, [events, start, span, width]);
  const hasAlarms = rows.some((each) => each.alarm);
  const left = (group: readonly ReplayEvent[]) => {
    const first = Date.parse(group[0]!.at);
    const last = Date.parse(group.at(-1)!.at);
    return `${(((first + last) / 2 - start) / span) * 100}%`;
  };
  return (
    <div className="sn-replay__timeline">
      <input
        type="range"
        aria-label="Timeline"
        min={start}
        max={end}
        step={1000}
        value={time}
        aria-valuetext={times.length === 0 ? 'No fixes' : formatReplayTime(time)}
        disabled={times.length < 2}
        onChange={(event) => seek(Number(event.target.value))}
      />
      <ol
        ref={listRef}
        className={clsx('sn-replay__events', hasAlarms && 'sn-replay__events--alarms')}
        aria-label="Events"
      >
        {rows.map(({ alarm, group }) => (
          <li
            key={group[0]!.id}
            className={clsx('sn-replay__event-slot', alarm && 'sn-replay__event-slot--alarm')}
            style={{ left: left(group) }}
          >
            {group.length === 1 ? (
              <button
                type="button"
                className={`sn-replay__event sn-replay__event--${eventKind(group[0]!)}`}
                aria-label={eventName(group[0]!)}
                title={eventName(group[0]!)}
                onClick={() => seek(Date.parse(group[0]!.at))}
              />
            ) : (
              <EventGroup events={group} onSeek={seek}>
                <button
                  type="button"
                  className={clsx('sn-replay__event-group', alarm && 'sn-replay__event-group--alarm')}
                  aria-label={groupName(group)}
                  title={groupName(group)}
                >
                  {group.length}
                </button>
              </EventGroup>
            )}
          </li>
        ))}
      </ol>
      <div className="sn-replay__ends" aria-hidden="true">
        <span>{times.length === 0 ? '' : formatReplayDayTime(start)}</span>
        <span>{times.length === 0 ? '' : formatReplayDayTime(end)}</span>
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Trips: the period's trips and stops; choosing a trip replays only it

const TripList = memo(function TripList({
  trips,
  stops,
  selectedTrip,
  onSelectTrip,
}: Pick<ReplayTrack, 'trips' | 'stops' | 'selectedTrip' | 'onSelectTrip'>) {
  return (
    <div className="sn-replay__trips">
      <div className="sn-replay__trips-heading">
        <h3>Trips</h3>
        {selectedTrip !== null && (
          <Button type="button" variant="ghost" onClick={() => onSelectTrip(null)}>
            Whole period
          </Button>
        )}
      </div>
      {trips.length === 0 ? (
        <p className="sn-replay__none">No trips in this period</p>
      ) : (
        <ol aria-label="Trips">
          {trips.map((trip, index) => (
            <li key={trip.startAt}>
              <button
                type="button"
                className="sn-replay__trip"
                aria-pressed={selectedTrip === index}
                onClick={() => onSelectTrip(index)}
              >
                <span className="sn-replay__trip-title">
                  Trip {index + 1}: {formatReplayDayTime(trip.startAt)} –{' '}
                  {formatReplayTime(trip.endAt).slice(0, 5)}
                </span>
                <span>
                  {formatDistance(trip.distanceMetres)} in {formatDuration(trip.durationSeconds)}
                </span>
                <span className="sn-replay__place">
                  From {formatCoordinates(trip.startLatitudeDegrees, trip.startLongitudeDegrees)} to{' '}
                  {formatCoordinates(trip.endLatitudeDegrees, trip.endLongitudeDegrees)}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <h3>Stops</h3>
      {stops.length === 0 ? (
        <p className="sn-replay__none">No stops in this period</p>
      ) : (
        <ol aria-label="Stops">
          {stops.map((stop) => (
            <li key={stop.startAt} className="sn-replay__stop">
              <span className="sn-replay__trip-title">
                {formatReplayDayTime(stop.startAt)} – {formatReplayDayTime(stop.endAt)}
              </span>
              <span>{formatDuration(stop.durationSeconds)}</span>
              <span className="sn-replay__place">
                At {formatCoordinates(stop.latitudeDegrees, stop.longitudeDegrees)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
});

function Trips() {
  const { trips, stops, selectedTrip, onSelectTrip } = useTrack();
  return <TripList trips={trips} stops={stops} selectedTrip={selectedTrip} onSelectTrip={onSelectTrip} />;
}

// ---------------------------------------------------------------------------------------------
// The usual layout: map, controls and timeline beside the trips and stops

export type TripReplayProps = Omit<TripReplayRootProps, 'children'>;

function Layout(props: TripReplayProps) {
  return (
    <Root {...props}>
      <div className="sn-replay__main">
        <Map />
        <Controls />
        <Timeline />
      </div>
      <aside className="sn-replay__side" aria-label="Trips and stops">
        <Trips />
      </aside>
    </Root>
  );
}

/**
 * A vehicle's journey played back: the route with a moving marker (on Google's map with a key,
 * else drawn to scale on a plain panel), play and pause, 1x to 64x, previous and next fix, a
 * timeline with the lock, unlock and tamper entries, and the trips and stops beside it.
 * Compose the parts (`TripReplay.Root`, `.Map`, `.Controls`, `.Timeline`, `.Trips`) for another
 * layout.
 */
export const TripReplay = Object.assign(Layout, { Root, Map, Controls, Timeline, Trips });

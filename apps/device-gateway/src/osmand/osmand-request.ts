/*
 * The OsmAnd protocol as Traccar Client and the OsmAnd app send it, read into the contract's
 * report: a pure function of a request's query, content type and body (no sockets, no api).
 *
 * - Query or form: `?id=…&timestamp=…&lat=…&lon=…&speed=…&bearing=…&altitude=…&accuracy=…&batt=…`
 *   by GET, or by POST with the same in the query (Traccar Client for Android up to 8.x) or as a
 *   form body; `deviceid` for `id`, `heading` for `bearing`, `location=lat,lon` for lat and lon,
 *   `valid=false` for a reading without a fix. The query wins when both carry parameters, as in
 *   Traccar's decoder.
 * - JSON (Traccar Client 9+, its background-location SDK's own shape): `{ "device_id": "…",
 *   "location": { "timestamp": ISO, "coords": { latitude, longitude, accuracy, speed, heading,
 *   altitude }, "is_moving", "battery": { "level": 0..1, "is_charging" } } }`; `location` may be an
 *   array (the SDK's batch sync).
 * Speed, bearing, altitude and accuracy are checked but have no place in the report.
 */
import { TELEMETRY_BATCH_MAX } from '@sentinel/domain';
import type { TelemetryReport } from '@sentinel/domain';

export interface OsmAndRequest {
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
}

export type OsmAndDecoded =
  { ok: true; deviceId: string; reports: TelemetryReport[] } | { ok: false; message: string };

class Malformed extends Error {}

/** Seconds below this are seconds since 1970; above, milliseconds (Traccar's rule: a 32-bit int). */
const LARGEST_SECONDS = 2_147_483_647;
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(\.\d+)?)$/;

function numberFrom(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  throw new Malformed(`${name} must be a number.`);
}

function timestampFrom(value: unknown, now: Date): string {
  if (value === undefined || value === null || value === '') return now.toISOString();
  let time: number;
  if (typeof value === 'number' || (typeof value === 'string' && NUMBER.test(value.trim()))) {
    const number = numberFrom(value, 'timestamp');
    time = number < LARGEST_SECONDS ? number * 1000 : number;
  } else if (typeof value === 'string') {
    const local = LOCAL_DATE_TIME.exec(value.trim());
    // "yyyy-MM-dd HH:mm:ss" carries no zone: read as UTC.
    time = Date.parse(local ? `${local[1]}T${local[2]}Z` : value.trim());
  } else {
    time = Number.NaN;
  }
  const date = new Date(time);
  if (
    !Number.isFinite(time) ||
    Number.isNaN(date.getTime()) ||
    date.getUTCFullYear() < 1970 ||
    date.getUTCFullYear() > 9999
  ) {
    throw new Malformed('timestamp must be seconds or milliseconds since 1970, or an ISO 8601 date-time.');
  }
  return date.toISOString();
}

function position(report: TelemetryReport, latitude: number, longitude: number): void {
  if (latitude < -90 || latitude > 90) throw new Malformed('lat must be from -90 to 90.');
  if (longitude < -180 || longitude > 180) throw new Malformed('lon must be from -180 to 180.');
  // 0,0 is what a phone without a fix sends; Traccar treats it as no position too.
  if (latitude === 0 && longitude === 0) return;
  report.latitudeDegrees = latitude;
  report.longitudeDegrees = longitude;
}

const percent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

function fromParameters(params: URLSearchParams, now: Date): OsmAndDecoded {
  const deviceId = (params.get('id') ?? params.get('deviceid') ?? '').trim();
  if (deviceId === '') throw new Malformed('id is required.');
  const report: TelemetryReport = { timestamp: timestampFrom(params.get('timestamp') ?? undefined, now) };
  for (const name of ['speed', 'bearing', 'heading', 'altitude', 'accuracy', 'hdop']) {
    const value = params.get(name);
    if (value !== null && value !== '') numberFrom(value, name);
  }
  const valid = params.get('valid');
  const fix = valid === null || valid === 'true' || valid === '1';
  const lat = params.get('lat');
  const lon = params.get('lon');
  const location = params.get('location');
  if ((lat === null) !== (lon === null)) throw new Malformed('lat and lon come together.');
  if (lat !== null && lon !== null) {
    const latitude = numberFrom(lat, 'lat');
    const longitude = numberFrom(lon, 'lon');
    if (fix) position(report, latitude, longitude);
  } else if (location !== null) {
    const [latText, lonText, ...rest] = location.split(',');
    if (rest.length > 0 || latText === undefined || lonText === undefined) {
      throw new Malformed('location must read latitude,longitude.');
    }
    const latitude = numberFrom(latText, 'location');
    const longitude = numberFrom(lonText, 'location');
    if (fix) position(report, latitude, longitude);
  }
  const battery = params.get('batt');
  if (battery !== null && battery !== '') report.deviceBatteryPercent = percent(numberFrom(battery, 'batt'));
  return { ok: true, deviceId, reports: [report] };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fromLocation(location: unknown, now: Date): TelemetryReport {
  if (!isObject(location)) throw new Malformed('location must be an object.');
  const report: TelemetryReport = { timestamp: timestampFrom(location['timestamp'], now) };
  const coords = location['coords'];
  if (coords !== undefined) {
    if (!isObject(coords)) throw new Malformed('location.coords must be an object.');
    for (const name of ['accuracy', 'speed', 'heading', 'altitude']) {
      if (coords[name] !== undefined && coords[name] !== null) numberFrom(coords[name], `coords.${name}`);
    }
    if (coords['latitude'] !== undefined || coords['longitude'] !== undefined) {
      position(
        report,
        numberFrom(coords['latitude'], 'coords.latitude'),
        numberFrom(coords['longitude'], 'coords.longitude'),
      );
    }
  }
  const battery = location['battery'];
  if (isObject(battery) && battery['level'] !== undefined && battery['level'] !== null) {
    const level = numberFrom(battery['level'], 'battery.level');
    // The SDK says -1 when it cannot read the battery; a level above 1 is taken as a percentage.
    if (level >= 0) report.deviceBatteryPercent = percent(level <= 1 ? level * 100 : level);
  }
  if (typeof location['is_moving'] === 'boolean') report.moving = location['is_moving'];
  return report;
}

function fromJson(body: string, query: URLSearchParams, now: Date): OsmAndDecoded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Malformed('The body is not JSON.');
  }
  if (!isObject(parsed)) throw new Malformed('The body must be a JSON object.');
  const rawId = parsed['device_id'] ?? query.get('id') ?? query.get('deviceid');
  const deviceId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId).trim() : '';
  if (deviceId === '') throw new Malformed('device_id is required.');
  const location = parsed['location'];
  const locations = Array.isArray(location) ? location : [location];
  if (location === undefined || locations.length === 0) throw new Malformed('location is required.');
  if (locations.length > TELEMETRY_BATCH_MAX) {
    throw new Malformed(`At most ${TELEMETRY_BATCH_MAX} locations come in one request.`);
  }
  return { ok: true, deviceId, reports: locations.map((item) => fromLocation(item, now)) };
}

/** The device's id and its reports, or why the request cannot be read. */
export function decodeOsmAnd(request: OsmAndRequest, now: Date = new Date()): OsmAndDecoded {
  try {
    const body = request.body.trim();
    const json =
      (request.contentType ?? '').toLowerCase().includes('json') ||
      body.startsWith('{') ||
      body.startsWith('[');
    if (json && body !== '') return fromJson(body, request.query, now);
    const hasQuery = [...request.query.keys()].length > 0;
    return fromParameters(hasQuery ? request.query : new URLSearchParams(body), now);
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, message: error.message };
    throw error;
  }
}

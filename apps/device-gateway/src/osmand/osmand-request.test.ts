import { describe, expect, it } from 'vitest';
import { decodeOsmAnd } from './osmand-request';

/*
 * The requests as Traccar documents the OsmAnd protocol (https://www.traccar.org/osmand/) and as
 * Traccar Client sends them: the Android client's query (ProtocolFormatter: id, timestamp in
 * seconds, lat, lon, speed, bearing, altitude, accuracy, batt, POSTed with an empty body) and
 * Traccar Client 9's JSON (its location template: device_id beside location.coords/battery).
 */

const NOW = new Date('2025-06-01T10:00:00.000Z');

const query = (url: string, body = '', contentType?: string) => {
  const parsed = new URL(url, 'http://gateway');
  return decodeOsmAnd({ query: parsed.searchParams, contentType, body }, NOW);
};

describe('the query and form format', () => {
  it("reads Traccar's first example: id, lat, lon and a timestamp in milliseconds", () => {
    expect(query('/?id=12345&lat=48.8566&lon=2.3522&timestamp=1609459200000')).toEqual({
      ok: true,
      deviceId: '12345',
      reports: [
        { timestamp: '2021-01-01T00:00:00.000Z', latitudeDegrees: 48.8566, longitudeDegrees: 2.3522 },
      ],
    });
  });

  it("reads Traccar's second example: deviceid, an ISO timestamp and the extra parameters, batt as the battery", () => {
    const decoded = query(
      '/?deviceid=12345&lat=48.8566&lon=2.3522&timestamp=2021-01-01T00:00:00Z&speed=15&bearing=270&altitude=35&accuracy=10&hdop=0.8&batt=75',
    );
    expect(decoded).toEqual({
      ok: true,
      deviceId: '12345',
      reports: [
        {
          timestamp: '2021-01-01T00:00:00.000Z',
          latitudeDegrees: 48.8566,
          longitudeDegrees: 2.3522,
          deviceBatteryPercent: 75,
        },
      ],
    });
  });

  it("reads the Android client's request: seconds, Java's float text, POSTed with an empty body", () => {
    const decoded = query(
      '/?id=48241179&timestamp=1748772000&lat=-33.9249&lon=18.4241&speed=12.5&bearing=271.0&altitude=31.0&accuracy=4.7&batt=85.0',
      '',
    );
    expect(decoded).toEqual({
      ok: true,
      deviceId: '48241179',
      reports: [
        {
          timestamp: '2025-06-01T10:00:00.000Z',
          latitudeDegrees: -33.9249,
          longitudeDegrees: 18.4241,
          deviceBatteryPercent: 85,
        },
      ],
    });
  });

  it('reads the same parameters from a form body', () => {
    const decoded = query(
      '/',
      'id=48241179&timestamp=1748772000&lat=-33.9249&lon=18.4241&batt=42',
      'application/x-www-form-urlencoded',
    );
    expect(decoded).toMatchObject({
      ok: true,
      deviceId: '48241179',
      reports: [{ latitudeDegrees: -33.9249, longitudeDegrees: 18.4241, deviceBatteryPercent: 42 }],
    });
  });

  it('reads location=lat,lon, a "yyyy-MM-dd HH:mm:ss" time as UTC, and no time as now', () => {
    expect(query('/?id=7777777&location=-26.2041,28.0473&timestamp=2025-05-31 23:59:58')).toMatchObject({
      reports: [
        { timestamp: '2025-05-31T23:59:58.000Z', latitudeDegrees: -26.2041, longitudeDegrees: 28.0473 },
      ],
    });
    expect(query('/?id=7777777&batt=10')).toEqual({
      ok: true,
      deviceId: '7777777',
      reports: [{ timestamp: NOW.toISOString(), deviceBatteryPercent: 10 }],
    });
  });

  it('leaves the position out for valid=false and for 0,0 (a phone without a fix)', () => {
    expect(query('/?id=7777777&lat=-26.2&lon=28.0&valid=false')).toMatchObject({
      reports: [{ timestamp: NOW.toISOString() }],
    });
    expect(query('/?id=7777777&lat=0&lon=0&valid=1')).toMatchObject({
      reports: [{ timestamp: NOW.toISOString() }],
    });
    const noFix = query('/?id=7777777&lat=0.0&lon=0.0');
    expect(noFix.ok && noFix.reports[0]).not.toHaveProperty('latitudeDegrees');
  });

  it.each([
    ['/?lat=1&lon=2', 'id is required.'],
    ['/?id=1234567&lat=1', 'lat and lon come together.'],
    ['/?id=1234567&lat=north&lon=2', 'lat must be a number.'],
    ['/?id=1234567&lat=91&lon=2', 'lat must be from -90 to 90.'],
    ['/?id=1234567&lat=1&lon=-181', 'lon must be from -180 to 180.'],
    ['/?id=1234567&speed=fast', 'speed must be a number.'],
    [
      '/?id=1234567&timestamp=yesterday',
      'timestamp must be seconds or milliseconds since 1970, or an ISO 8601 date-time.',
    ],
    ['/?id=1234567&location=1;2', 'location must read latitude,longitude.'],
    ['/', 'id is required.'],
  ])('refuses %s: %s', (url, message) => {
    expect(query(url)).toEqual({ ok: false, message });
  });
});

describe('the JSON format', () => {
  it("reads Traccar's documented example: no position at 0,0, battery level 1 as 100 %, still", () => {
    const body = JSON.stringify({
      location: {
        timestamp: '2000-01-01T00:00:00.000Z',
        coords: { latitude: 0.0, longitude: 0.0, accuracy: 0, speed: 0, heading: 0, altitude: 0 },
        is_moving: false,
        odometer: 0,
        event: 'motionchange',
        battery: { level: 1, is_charging: false },
        activity: { type: 'still' },
        extras: {},
      },
      device_id: '48241179',
    });
    expect(query('/', body, 'application/json')).toEqual({
      ok: true,
      deviceId: '48241179',
      reports: [{ timestamp: '2000-01-01T00:00:00.000Z', deviceBatteryPercent: 100, moving: false }],
    });
  });

  it("reads what Traccar Client 9's location template sends", () => {
    const body =
      '{"location":{"timestamp":"2025-06-01T09:59:30.512Z","coords":{"latitude":-33.9249,"longitude":18.4241,' +
      '"accuracy":5.2,"speed":13.9,"heading":182.4,"altitude":27.5},"is_moving":true,"odometer":1523.4,' +
      '"event":"","battery":{"level":0.57,"is_charging":false},"activity":{"type":"in_vehicle"},"extras":{},' +
      '"_":"&id=48241179&lat=-33.9249&lon=18.4241&timestamp=2025-06-01T09:59:30.512Z&"},"device_id":"48241179"}';
    expect(query('/', body, 'application/json')).toEqual({
      ok: true,
      deviceId: '48241179',
      reports: [
        {
          timestamp: '2025-06-01T09:59:30.512Z',
          latitudeDegrees: -33.9249,
          longitudeDegrees: 18.4241,
          deviceBatteryPercent: 57,
          moving: true,
        },
      ],
    });
  });

  it("reads a batch of locations, and skips the SDK's -1 for an unknown battery", () => {
    const body = JSON.stringify({
      device_id: 48241179,
      location: [
        {
          timestamp: '2025-06-01T09:58:00.000Z',
          coords: { latitude: -33.92, longitude: 18.42 },
          battery: { level: -1 },
        },
        { timestamp: '2025-06-01T09:59:00.000Z', coords: { latitude: -33.93, longitude: 18.43 } },
      ],
    });
    expect(query('/', body)).toEqual({
      ok: true,
      deviceId: '48241179',
      reports: [
        { timestamp: '2025-06-01T09:58:00.000Z', latitudeDegrees: -33.92, longitudeDegrees: 18.42 },
        { timestamp: '2025-06-01T09:59:00.000Z', latitudeDegrees: -33.93, longitudeDegrees: 18.43 },
      ],
    });
  });

  it.each([
    ['{"device_id":"1234567","location":', 'The body is not JSON.'],
    ['[1,2]', 'The body must be a JSON object.'],
    ['{"location":{"timestamp":"2025-06-01T09:58:00Z"}}', 'device_id is required.'],
    ['{"device_id":"1234567"}', 'location is required.'],
    [
      '{"device_id":"1234567","location":{"coords":{"latitude":"x","longitude":1}}}',
      'coords.latitude must be a number.',
    ],
    [
      '{"device_id":"1234567","location":{"coords":{"latitude":-95,"longitude":1}}}',
      'lat must be from -90 to 90.',
    ],
  ])('refuses %s: %s', (body, message) => {
    expect(query('/', body, 'application/json')).toEqual({ ok: false, message });
  });
});

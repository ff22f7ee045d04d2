import { parseCoordinates } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { newDraft } from './geofence-draft';
import {
  appendCorner,
  boundsMeet,
  centreFields,
  cornersPath,
  insertCorner,
  radiusField,
  removeCorner,
  replaceCorner,
  sameCentre,
  sameRadius,
  shapeBounds,
  startingRadius,
  typedCentre,
  typedRadius,
} from './geofence-map-shape';

const circle = (latitude: string, longitude: string, radius: string) => ({
  ...newDraft('Vehicle'),
  latitude,
  longitude,
  radius,
});

describe('given typed fields', () => {
  it('draws a circle once its centre reads as a point on earth and its radius as a length', () => {
    expect(typedCentre(' -26.2041 ', '28.0473')).toEqual({ lat: -26.2041, lng: 28.0473 });
    expect(typedCentre('-26.2041', '')).toBeUndefined();
    expect(typedCentre('-126', '28')).toBeUndefined();
    expect(typedRadius('500')).toBe(500);
    expect(typedRadius('wide')).toBeUndefined();
    expect(typedRadius('-5')).toBeUndefined();
  });

  it('draws the corners in the order the domain reads them, blank lines and semicolons included', () => {
    expect(cornersPath('-26.1, 28.0\n\n-26.1 28.1; -26.2,28.1\n')).toEqual([
      { lat: -26.1, lng: 28.0 },
      { lat: -26.1, lng: 28.1 },
      { lat: -26.2, lng: 28.1 },
    ]);
  });

  it('draws no polygon while the corners cannot be read', () => {
    expect(cornersPath('')).toBeUndefined();
    expect(cornersPath('-26.1, 28.0\nsomewhere')).toBeUndefined();
  });
});

describe('given a click on the map', () => {
  it('writes a centre with 6 decimals', () => {
    expect(centreFields({ lat: -26.204_123_456, lng: 28.047_3 })).toEqual({
      latitude: '-26.204123',
      longitude: '28.047300',
    });
  });

  it('adds a corner as a new last line, after what was typed', () => {
    expect(appendCorner('', { lat: -26.1, lng: 28 })).toBe('-26.100000, 28.000000');
    expect(appendCorner('-26.1, 28\n\n', { lat: -26.2, lng: 28.123_456_7 })).toBe(
      '-26.1, 28\n-26.200000, 28.123457',
    );
  });

  it('starts a circle about 40 pixels wide at the zoom, within the allowed radii', () => {
    // 40 px of 256-pixel tiles at zoom 15 on the equator: 40 × 4.777 m.
    expect(startingRadius(15, 0)).toBe(190);
    expect(startingRadius(5, -29)).toBe(170_000);
    expect(startingRadius(21, 0)).toBe(50);
    expect(startingRadius(1, 0)).toBe(200_000);
  });
});

describe('given a drag on the map', () => {
  it('rounds a radius to whole metres', () => {
    expect(radiusField(1234.5)).toBe('1235');
    expect(radiusField(49.4)).toBe('49');
  });

  it('leaves the fields alone when the map hands back what they say', () => {
    const typed = circle('-26.2041', '28.0473', '500.2');

    expect(sameCentre(typed, { lat: -26.204_100_000_1, lng: 28.0473 })).toBe(true);
    expect(sameCentre(typed, { lat: -26.2042, lng: 28.0473 })).toBe(false);
    expect(sameRadius(typed, 500)).toBe(true);
    expect(sameRadius(typed, 501)).toBe(false);
  });

  it('rewrites only the moved corner, the other lines as typed', () => {
    const typed = '-26.1, 28.0\n\n-26.1 28.1;-26.2,28.1';

    const moved = replaceCorner(typed, 1, { lat: -26.15, lng: 28.2 });

    expect(moved).toBe('-26.1, 28.0\n\n-26.150000, 28.200000;-26.2,28.1');
    expect(parseCoordinates(moved)?.[1]).toEqual({ latitudeDegrees: -26.15, longitudeDegrees: 28.2 });
  });

  it('puts a corner dragged out of a side in before the corner it precedes', () => {
    const typed = '-26.1, 28.0\n-26.1, 28.1\n-26.2, 28.1';

    expect(insertCorner(typed, 1, { lat: -26.05, lng: 28.05 })).toBe(
      '-26.1, 28.0\n-26.050000, 28.050000\n-26.1, 28.1\n-26.2, 28.1',
    );
    expect(insertCorner(typed, 3, { lat: -26.15, lng: 28.05 })).toBe(`${typed}\n-26.150000, 28.050000`);
  });

  it('takes a removed corner out with its line', () => {
    const typed = '-26.1, 28.0\n-26.1, 28.1\n-26.2, 28.1';

    expect(removeCorner(typed, 0)).toBe('-26.1, 28.1\n-26.2, 28.1');
    expect(removeCorner(typed, 1)).toBe('-26.1, 28.0\n-26.2, 28.1');
    expect(removeCorner(typed, 2)).toBe('-26.1, 28.0\n-26.1, 28.1');
    expect(removeCorner('-26.1, 28.0', 0)).toBe('');
  });
});

describe('given the view', () => {
  it('knows the area a circle covers, wider in longitude away from the equator', () => {
    const bounds = shapeBounds({ type: 'Circle', centre: { lat: -60, lng: 20 }, radius: 111_320 });

    expect(bounds?.north).toBeCloseTo(-59);
    expect(bounds?.south).toBeCloseTo(-61);
    expect(bounds?.east).toBeCloseTo(22);
    expect(bounds?.west).toBeCloseTo(18);
  });

  it('leaves a shape partly in view where it is, and brings one wholly outside into view', () => {
    const view = { north: -25, south: -27, east: 29, west: 27 };
    const partly = shapeBounds({
      type: 'Polygon',
      path: [
        { lat: -26, lng: 28 },
        { lat: -30, lng: 31 },
      ],
    });
    const outside = shapeBounds({ type: 'Circle', centre: { lat: -33.9, lng: 18.4 }, radius: 1000 });

    expect(boundsMeet(view, partly!)).toBe(true);
    expect(boundsMeet(view, outside!)).toBe(false);
  });
});

// Geofences drawn on the map, as an Admin does when the dashboard has a maps key: corners clicked on
// the map become lines of Corners and the zone is saved; a click places a circle's centre, and
// dragging the drawing or typing in the fields moves the other. Google's script is out of reach
// here, so ../support/google-maps-stand-in.js answers for it: the documented API the product calls,
// with a linear projection (at zoom z a pixel is 360 / (256 · 2^z) degrees, from the map's middle).
// A drag is the event Google fires when one ends, set through the same API (setAt, setRadius).
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { GEOFENCE_MESSAGES } from '@sentinel/domain';
import { apiGet } from './api';
import { signedInAs } from './support';

const STAND_IN = readFileSync(new URL('../support/google-maps-stand-in.js', import.meta.url), 'utf8');

/** The parts of the stand-in's instances a test reads and sets: Google's own API. */
interface LatLng {
  lat(): number;
  lng(): number;
}
interface StandInWindow {
  google: { maps: { LatLng: new (lat: number, lng: number) => LatLng } };
  __googleMapsStandIn: {
    maps: { getCenter(): LatLng; getZoom(): number; getDiv(): HTMLElement }[];
    circles: {
      getCenter(): LatLng;
      getRadius(): number;
      setCenter(at: LatLng): void;
      setRadius(metres: number): void;
    }[];
    polygons: {
      getPath(): {
        getLength(): number;
        getAt(index: number): LatLng;
        setAt(index: number, at: LatLng): void;
      };
    }[];
  };
}

/**
 * The New geofence dialog, the dashboard having a maps key in its settings and the stand-in served
 * for Google's script (or, `unreachable`, Google's address failing as without a network).
 */
async function openWithMaps(page: Page, { unreachable = false } = {}): Promise<void> {
  await page.route('**/appsettings.json', async (route) => {
    const settings = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ json: { ...settings, googleMapsApiKey: 'the-browser-tests-maps-key' } });
  });
  await page.route(
    (url) => url.hostname === 'maps.googleapis.com',
    (route) =>
      unreachable
        ? route.abort('internetdisconnected')
        : route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
  );
  await signedInAs(page, 'Admin', '/agent/geofences');
  await page.getByRole('button', { name: 'New geofence' }).click();
}

/**
 * Clicks the map at each pixel (from its top left) and returns the points the stand-in's projection
 * puts there, as the map writes them ("latitude, longitude", 6 decimals). The mouse goes to whole
 * pixels of the page, so the browser reports exactly where it clicked.
 */
async function clickMap(page: Page, map: Locator, pixels: readonly [number, number][]): Promise<string[]> {
  await map.scrollIntoViewIfNeeded();
  const view = await page.evaluate(() => {
    const shown = (window as unknown as StandInWindow).__googleMapsStandIn.maps.at(-1)!;
    const box = shown.getDiv().getBoundingClientRect();
    const centre = shown.getCenter();
    return { lat: centre.lat(), lng: centre.lng(), zoom: shown.getZoom(), ...box.toJSON() } as {
      lat: number;
      lng: number;
      zoom: number;
      left: number;
      top: number;
      width: number;
      height: number;
    };
  });
  const scale = 360 / (256 * 2 ** view.zoom);
  const points: string[] = [];
  for (const [x, y] of pixels) {
    const pageX = Math.round(view.left + x);
    const pageY = Math.round(view.top + y);
    await page.mouse.click(pageX, pageY);
    const latitude = view.lat - (pageY - view.top - view.height / 2) * scale;
    const longitude = view.lng + (pageX - view.left - view.width / 2) * scale;
    points.push(`${latitude.toFixed(6)}, ${longitude.toFixed(6)}`);
  }
  return points;
}

test('an Admin clicks four corners on the map, moves one by dragging and one by typing, and saves the zone', async ({
  page,
}) => {
  const [vehicle] = (
    await apiGet<{ items: { registrationNumber: string }[] }>(
      `/Vehicles?${new URLSearchParams({ $orderby: 'id', $pagesize: '1' })}`,
    )
  ).items;
  const name = `Drawn in the Karoo ${Date.now()}`;
  await openWithMaps(page);
  const dialog = page.getByRole('dialog', { name: 'New geofence' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Vehicle', exact: true }).fill(vehicle!.registrationNumber);
  await page.getByRole('option', { name: vehicle!.registrationNumber }).click();
  await dialog.getByRole('combobox', { name: 'Shape' }).click();
  await page.getByRole('option', { name: 'Polygon' }).click();

  // The map opens on South Africa; these corners lie in the Karoo, away from the demo cities.
  const map = dialog.getByRole('group', { name: 'Geofence map' });
  await expect(map).toHaveAccessibleDescription(/Click the map at each corner/);
  const corners = dialog.getByRole('textbox', { name: 'Corners' });
  const clicked = await clickMap(page, map, [
    [300, 100],
    [380, 100],
    [380, 170],
    [300, 170],
  ]);
  await expect(corners).toHaveValue(clicked.join('\n'));

  // Google fires set_at on the path when a corner is let go.
  await page.evaluate(() => {
    const { google, __googleMapsStandIn: drawn } = window as unknown as StandInWindow;
    drawn.polygons.at(-1)!.getPath().setAt(2, new google.maps.LatLng(-30.123_456_7, 26.2));
  });
  await expect(corners).toHaveValue([clicked[0], clicked[1], '-30.123457, 26.200000', clicked[3]].join('\n'));

  // A corner typed moves on the map.
  await corners.fill([clicked[0], clicked[1], '-30.123457, 26.200000', '-30.5, 24.8'].join('\n'));
  await expect
    .poll(() =>
      page.evaluate(() => {
        const path = (window as unknown as StandInWindow).__googleMapsStandIn.polygons.at(-1)!.getPath();
        return [path.getLength(), path.getAt(3).lat(), path.getAt(3).lng()];
      }),
    )
    .toEqual([4, -30.5, 24.8]);

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(listed).toContainText('Polygon, 4 corners');
});

test("a click on the map places a circle's centre; dragging it rewrites the fields, typing moves it", async ({
  page,
}) => {
  await openWithMaps(page);
  const dialog = page.getByRole('dialog', { name: 'New geofence' });
  const map = dialog.getByRole('group', { name: 'Geofence map' });
  const latitude = dialog.getByRole('textbox', { name: 'Centre latitude' });
  const longitude = dialog.getByRole('textbox', { name: 'Centre longitude' });
  const radius = dialog.getByRole('textbox', { name: 'Radius in metres' });

  const [centre] = await clickMap(page, map, [[250, 120]]);
  const [clickedLatitude, clickedLongitude] = centre!.split(', ');
  await expect(latitude).toHaveValue(clickedLatitude!);
  await expect(longitude).toHaveValue(clickedLongitude!);
  // No radius was typed: the circle starts at one seen at this zoom, which the map draws.
  await expect(radius).toHaveValue(/^\d+$/);
  const drawnRadius = () =>
    page.evaluate(() => (window as unknown as StandInWindow).__googleMapsStandIn.circles.at(-1)!.getRadius());
  expect(await drawnRadius()).toBe(Number(await radius.inputValue()));

  // Its edge dragged: the radius in whole metres. Its middle dragged: the centre, 6 decimals.
  await page.evaluate(() => {
    const { google, __googleMapsStandIn: drawn } = window as unknown as StandInWindow;
    drawn.circles.at(-1)!.setRadius(1234.4);
    drawn.circles.at(-1)!.setCenter(new google.maps.LatLng(-30.123_456_7, 25.765_432_1));
  });
  await expect(radius).toHaveValue('1234');
  await expect(latitude).toHaveValue('-30.123457');
  await expect(longitude).toHaveValue('25.765432');

  // Typed: the circle moves, and the domain's words still show at the field.
  await latitude.fill('-31.5');
  await radius.fill('20');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const circle = (window as unknown as StandInWindow).__googleMapsStandIn.circles.at(-1)!;
        return [circle.getCenter().lat(), circle.getRadius()];
      }),
    )
    .toEqual([-31.5, 20]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(radius).toHaveAccessibleDescription(GEOFENCE_MESSAGES.radiusRange);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test("when Google's script cannot load, the shape is typed as without a key", async ({ page }) => {
  const asked = page.waitForRequest((request) => new URL(request.url()).hostname === 'maps.googleapis.com');
  await openWithMaps(page, { unreachable: true });
  const dialog = page.getByRole('dialog', { name: 'New geofence' });
  await asked;

  // The loader tries four times, a few milliseconds apart, then gives up.
  await expect(dialog.getByRole('status', { name: 'Loading map' })).toBeHidden();
  await expect(dialog.getByRole('group', { name: 'Geofence map' })).toBeHidden();
  await dialog.getByRole('textbox', { name: 'Centre latitude' }).fill('-29.1');
  await expect(dialog.getByRole('textbox', { name: 'Centre latitude' })).toHaveValue('-29.1');
});

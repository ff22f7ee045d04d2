// The map pins, drawn as inline SVG data URLs so no image files need hosting and the pin colours
// follow the kit's palette. Width and height in the SVG give the marker its size; Google anchors
// an icon at its bottom centre, where the pin's point is.

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`;
}

const PIN_PATH = 'M18 47C18 47 3 29.5 3 18a15 15 0 0 1 30 0c0 11.5-15 29-15 29z';

/** The normal vehicle pin: teal with a white dot. */
export const VEHICLE_PIN_URL = svgDataUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="48" viewBox="0 0 36 48">` +
    `<path d="${PIN_PATH}" fill="#0a7c86" stroke="#ffffff" stroke-width="2"/>` +
    `<circle cx="18" cy="18" r="6" fill="#ffffff"/></svg>`,
);

/** The tamper alert pin: red with a white exclamation mark (spec: a tamper alert replaces the pin). */
export const ALERT_PIN_URL = svgDataUrl(
  `<svg xmlns="http://www.w3.org/2000/svg" width="36" height="48" viewBox="0 0 36 48">` +
    `<path d="${PIN_PATH}" fill="#b42318" stroke="#ffffff" stroke-width="2"/>` +
    `<rect x="16" y="8" width="4" height="13" rx="2" fill="#ffffff"/>` +
    `<circle cx="18" cy="26" r="2.5" fill="#ffffff"/></svg>`,
);

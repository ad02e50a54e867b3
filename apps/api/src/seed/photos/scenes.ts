import { DEFS, ILLUSTRATIONS } from './illustrations';
import type { IllustrationName } from './illustrations';

/** Table tops the dishes stand on, one per restaurant colour. */
const TABLE = (hue: number) =>
  `<linearGradient id="t-wood" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 38% 58%)"/><stop offset="1" stop-color="hsl(${hue} 42% 38%)"/></linearGradient>`;

function grainLines(width: number, height: number, hue: number) {
  let lines = '';
  for (let y = 18; y < height; y += 34) {
    lines += `<path d="M0 ${y} q${width / 4} ${(y % 3) * 6 - 6} ${width / 2} 0 t${width / 2} 0" stroke="hsl(${hue} 40% 30%)" stroke-width="2" opacity=".18" fill="none"/>`;
  }
  return lines;
}

/** A dish photo: the illustration on a wooden table, square, `size` pixels. */
export function dishScene(name: IllustrationName, size = 800, hue = 28): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="${size}" height="${size}">` +
    `${DEFS}<defs>${TABLE(hue)}</defs><rect width="400" height="400" fill="url(#t-wood)"/>${grainLines(400, 400, hue)}` +
    `${ILLUSTRATIONS[name]}</svg>`
  );
}

/**
 * A restaurant's header photo: its dishes side by side on a batik-striped tablecloth in its colour,
 * 2:1, `width` pixels wide.
 */
export function placeScene(dishes: readonly IllustrationName[], hue: number, width = 1600): string {
  const shown = dishes.slice(0, 3);
  const slot = 800 / Math.max(shown.length, 1);
  const cloth =
    `<pattern id="t-batik" width="60" height="60" patternUnits="userSpaceOnUse">` +
    `<rect width="60" height="60" fill="hsl(${hue} 45% 86%)"/><circle cx="30" cy="30" r="12" fill="none" stroke="hsl(${hue} 50% 62%)" stroke-width="3"/>` +
    `<circle cx="0" cy="0" r="6" fill="hsl(${hue} 55% 70%)"/><circle cx="60" cy="60" r="6" fill="hsl(${hue} 55% 70%)"/></pattern>`;
  const items = shown
    .map((name, i) => {
      const size = Math.min(slot * 1.05, 380);
      const x = slot * i + (slot - size) / 2;
      return `<svg x="${x.toFixed(1)}" y="${((400 - size) / 2 + (i % 2) * 10).toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" viewBox="0 0 400 400">${ILLUSTRATIONS[name]}</svg>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 400" width="${width}" height="${width / 2}">` +
    `${DEFS}<defs>${cloth}</defs><rect width="800" height="400" fill="url(#t-batik)"/>` +
    `<rect width="800" height="400" fill="hsl(${hue} 40% 30%)" opacity=".12"/>${items}</svg>`
  );
}

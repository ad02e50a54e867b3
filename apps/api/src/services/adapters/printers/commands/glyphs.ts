/**
 * Glyph outlines for text a printer's code page cannot print (Chinese dish names, Tamil, Thai…), from
 * Noto Sans SC as `@fontsource/noto-sans-sc` ships it: one small WOFF file per Unicode subset and
 * weight, read from disk the first time a character of that subset is drawn and kept for the life of
 * the process. Parsed by opentype.js (pure JS).
 */
// The declaration travels with this file: a package that compiles the server's source (the e2e, the
// chaos harness) sees it too. An import cannot name an ambient module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./opentype.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as opentypeModule from 'opentype.js';
import type { Font, PathCommand } from 'opentype.js';

// Node loads opentype.js's CommonJS build (its API on `default`); Vite, resolving the package's
// `module` field (the e2e journeys import the server through @santap/api/testing), loads its ES build,
// which has no default export and names `parse` itself.
const opentype =
  (opentypeModule as { default?: typeof opentypeModule.default }).default ??
  (opentypeModule as unknown as typeof opentypeModule.default);

/** The weights drawn: regular text and bold (headings, inverse blocks, bold lines). */
export type GlyphWeight = 400 | 700;

/** A character's outline at a size, in dots, with its origin on the baseline at x = 0. */
export interface GlyphOutline {
  commands: PathCommand[];
  /** Horizontal advance in dots. */
  advance: number;
}

interface Subset {
  file: string;
  ranges: [number, number][];
}

let packageRoot: string | null = null;
let subsets: Subset[] | null = null;
const fonts = new Map<string, Font | null>();

function fontPackageRoot(): string {
  // The package's exports map only names its CSS; its LICENSE is exported and sits at the root.
  packageRoot ??= dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/LICENSE'));
  return packageRoot;
}

function parseRanges(ranges: string): [number, number][] {
  return ranges.split(',').map((range) => {
    const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
    const low = Number.parseInt(from ?? '', 16);
    return [low, to ? Number.parseInt(to, 16) : low];
  });
}

function subsetList(): Subset[] {
  if (!subsets) {
    const table = JSON.parse(readFileSync(join(fontPackageRoot(), 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    subsets = Object.entries(table).map(([name, ranges]) => ({
      file: name.replace(/[[\]]/g, ''),
      ranges: parseRanges(ranges),
    }));
  }
  return subsets;
}

function subsetOf(codePoint: number): Subset | undefined {
  return subsetList().find((subset) =>
    subset.ranges.some(([low, high]) => codePoint >= low && codePoint <= high),
  );
}

function fontOf(subset: Subset, weight: GlyphWeight): Font | null {
  const key = `${subset.file}-${weight}`;
  if (!fonts.has(key)) {
    const path = join(fontPackageRoot(), 'files', `noto-sans-sc-${subset.file}-${weight}-normal.woff`);
    let font: Font | null;
    try {
      const bytes = readFileSync(path);
      font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    } catch {
      font = null; // a subset file missing from the package: the character prints as a box
    }
    fonts.set(key, font);
  }
  return fonts.get(key) ?? null;
}

/**
 * The outline of `char` at `fontSize` dots, or null when the font has no glyph for it (the caller
 * draws a box, so a missing glyph is seen, not silently dropped).
 */
export function glyphOutline(char: string, fontSize: number, weight: GlyphWeight): GlyphOutline | null {
  const codePoint = char.codePointAt(0) ?? 0;
  const subset = subsetOf(codePoint);
  const font = subset ? fontOf(subset, weight) : null;
  if (!font) return null;
  const glyph = font.charToGlyph(char);
  if (!glyph || glyph.index === 0) return null;
  return {
    commands: glyph.getPath(0, 0, fontSize).commands,
    advance: ((glyph.advanceWidth ?? font.unitsPerEm) * fontSize) / font.unitsPerEm,
  };
}

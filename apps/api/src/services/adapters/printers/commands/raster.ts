/**
 * A line of text the printer's code page cannot print, drawn as a 1-bit image the width of the
 * paper: each character in the same grid as the printer's own font (12 × 24 dots a column, wide
 * characters two columns, twice that at double size), so columns and amounts still line up with the
 * text lines around it. A small scanline rasterizer (non-zero winding, 4 × vertical supersampling)
 * fills the glyph outlines of `glyphs.ts` once per character, size and weight; a row adds up those
 * stamps (a diner's 300-character Chinese note is drawn in milliseconds, not seconds). Pure JS, no
 * canvas, no native module.
 */
// The declaration travels with this file: a package that compiles the server's source (the e2e, the
// chaos harness) sees it too. An import cannot name an ambient module declaration.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./opentype.d.ts" />
import type { PathCommand } from 'opentype.js';
import type { TextRow } from '../layout';
import { charWidth } from '../layout';
import { glyphOutline } from './glyphs';

/** Dots of one column of the printers' standard font (font A). */
export const CELL_WIDTH = 12;
/** Dots of one line of the printers' standard font. */
export const CELL_HEIGHT = 24;

const FONT_SIZE = 22; // of a 24-dot line: CJK ink spans 0.88 em above and 0.12 em below the baseline
const BASELINE = 20;
const SUBSAMPLES = 4;
const CURVE_STEPS = 8;

/**
 * A 1-bit image: `width` a multiple of 8, rows of `width / 8` bytes, the most significant bit the
 * leftmost dot, 1 for a black dot (the layout of ESC/POS `GS v 0` and of ePOS-Print `<image>`).
 */
export interface Bitmap {
  width: number;
  height: number;
  data: Uint8Array;
}

type Edge = [x0: number, y0: number, x1: number, y1: number];

function edgesOf(
  commands: readonly PathCommand[],
  place: (x: number, y: number) => [number, number],
): Edge[] {
  const edges: Edge[] = [];
  let start: [number, number] = [0, 0];
  let at: [number, number] = [0, 0];
  const lineTo = (to: [number, number]): void => {
    if (to[1] !== at[1]) edges.push([at[0], at[1], to[0], to[1]]);
    at = to;
  };
  for (const command of commands) {
    if (command.type === 'M') {
      if (at !== start) lineTo(start);
      start = place(command.x, command.y);
      at = start;
    } else if (command.type === 'L') {
      lineTo(place(command.x, command.y));
    } else if (command.type === 'Q') {
      const [x0, y0] = at;
      const [cx, cy] = place(command.x1, command.y1);
      const [x1, y1] = place(command.x, command.y);
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        lineTo([u * u * x0 + 2 * u * t * cx + t * t * x1, u * u * y0 + 2 * u * t * cy + t * t * y1]);
      }
    } else if (command.type === 'C') {
      const [x0, y0] = at;
      const [ax, ay] = place(command.x1, command.y1);
      const [bx, by] = place(command.x2, command.y2);
      const [x1, y1] = place(command.x, command.y);
      for (let step = 1; step <= CURVE_STEPS; step++) {
        const t = step / CURVE_STEPS;
        const u = 1 - t;
        lineTo([
          u * u * u * x0 + 3 * u * u * t * ax + 3 * u * t * t * bx + t * t * t * x1,
          u * u * u * y0 + 3 * u * u * t * ay + 3 * u * t * t * by + t * t * t * y1,
        ]);
      }
    } else {
      lineTo(start);
    }
  }
  lineTo(start);
  return edges;
}

/**
 * Adds the coverage (0..1 a dot) of the shape bounded by `edges`, filled by the non-zero rule. Each
 * edge is put in the buckets of the scanlines it spans (in edge order, so each scanline's crossings
 * are the ones a scan of every edge would find, in the same order): a glyph costs its edges plus its
 * scanlines, not their product.
 */
function fill(coverage: Float32Array, width: number, height: number, edges: readonly Edge[]): void {
  const scanlines = height * SUBSAMPLES;
  const buckets: { x: number; winding: number }[][] = Array.from({ length: scanlines }, () => []);
  for (const [x0, y0, x1, y1] of edges) {
    // Scanline s is at y = row + (sub + 0.5) / SUBSAMPLES, about (s + 0.5) / SUBSAMPLES: one either
    // side of the edge's span is looked at too, and each is tested exactly as a full scan would.
    const first = Math.max(0, Math.floor(Math.min(y0, y1) * SUBSAMPLES) - 1);
    const last = Math.min(scanlines - 1, Math.ceil(Math.max(y0, y1) * SUBSAMPLES) + 1);
    for (let line = first; line <= last; line++) {
      const row = Math.floor(line / SUBSAMPLES);
      const y = row + ((line % SUBSAMPLES) + 0.5) / SUBSAMPLES;
      if ((y0 <= y && y1 > y) || (y1 <= y && y0 > y)) {
        buckets[line]!.push({ x: x0 + ((y - y0) * (x1 - x0)) / (y1 - y0), winding: y1 > y0 ? 1 : -1 });
      }
    }
  }
  for (let line = 0; line < scanlines; line++) {
    const crossings = buckets[line]!;
    if (crossings.length < 2) continue;
    const row = Math.floor(line / SUBSAMPLES);
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    for (let index = 0; index < crossings.length - 1; index++) {
      winding += crossings[index]!.winding;
      if (winding === 0) continue;
      const from = Math.max(0, crossings[index]!.x);
      const to = Math.min(width, crossings[index + 1]!.x);
      for (let dot = Math.floor(from); dot < Math.ceil(to); dot++) {
        const overlap = Math.min(to, dot + 1) - Math.max(from, dot);
        if (overlap > 0) coverage[row * width + dot]! += overlap / SUBSAMPLES;
      }
    }
  }
}

/** The outline of a box filling a cell: what a character with no glyph prints as. */
function boxEdges(x: number, cellWidth: number, height: number): Edge[] {
  const [left, right, top, bottom] = [x + 2, x + cellWidth - 2, 3, height - 3];
  const outer: Edge[] = [
    [left, top, left, bottom],
    [right, bottom, right, top],
  ];
  const inner: Edge[] = [
    [left + 2, bottom - 2, left + 2, top + 2],
    [right - 2, top + 2, right - 2, bottom - 2],
  ];
  return [...outer, ...inner];
}

/** One character's coverage, drawn once: its cell and one column either side (for ink past the cell). */
interface Stamp {
  /** Dots across: the cell's width and a column of padding on each side. */
  width: number;
  coverage: Float32Array;
}

/** Coverage values the stamps may keep in all (16 MB), the oldest dropped first. */
const STAMP_BUDGET = 4_000_000;
const stamps = new Map<string, Stamp>();
let stampedValues = 0;

/**
 * A character's coverage in a cell of `cellWidth` at `scale` and weight: drawn once and kept, since a
 * docket repeats the same few hundred characters (and every copy repeats them all).
 */
function stampOf(char: string, cellWidth: number, scale: number, bold: boolean): Stamp {
  const key = `${char}|${cellWidth}|${scale}|${bold ? 'b' : 'r'}`;
  const known = stamps.get(key);
  if (known) return known;
  const pad = CELL_WIDTH * scale;
  const width = cellWidth + 2 * pad;
  const height = CELL_HEIGHT * scale;
  const coverage = new Float32Array(width * height);
  const glyph = glyphOutline(char, FONT_SIZE * scale, bold ? 700 : 400);
  if (glyph) {
    const squeeze = Math.min(1, cellWidth / glyph.advance);
    const left = pad + (cellWidth - glyph.advance * squeeze) / 2;
    fill(
      coverage,
      width,
      height,
      edgesOf(glyph.commands, (gx, gy) => [left + gx * squeeze, BASELINE * scale + gy]),
    );
  } else {
    fill(coverage, width, height, boxEdges(pad, cellWidth, height));
  }
  const stamp = { width, coverage };
  stamps.set(key, stamp);
  stampedValues += coverage.length;
  for (const [oldKey, old] of stamps) {
    if (stampedValues <= STAMP_BUDGET) break;
    stamps.delete(oldKey);
    stampedValues -= old.coverage.length;
  }
  return stamp;
}

/**
 * Draws a text row as an image `dots` wide (the paper's printable width) and 24 dots high per size
 * step, inverted (white on black) when the row is.
 */
export function rasterRow(row: TextRow, dots: number): Bitmap {
  const scale = row.size;
  const width = Math.ceil(dots / 8) * 8;
  const height = CELL_HEIGHT * scale;
  const coverage = new Float32Array(width * height);
  let x = 0;
  for (const char of row.text) {
    const cellWidth = charWidth(char) * CELL_WIDTH * scale;
    if (cellWidth === 0 || char === ' ') {
      x += cellWidth;
      continue;
    }
    const stamp = stampOf(char, cellWidth, scale, row.bold);
    const offset = x - CELL_WIDTH * scale;
    for (let y = 0; y < height; y++) {
      for (let column = 0; column < stamp.width; column++) {
        const dot = offset + column;
        const value = stamp.coverage[y * stamp.width + column]!;
        if (value !== 0 && dot >= 0 && dot < width) coverage[y * width + dot]! += value;
      }
    }
    x += cellWidth;
  }
  const data = new Uint8Array((width / 8) * height);
  for (let index = 0; index < coverage.length; index++) {
    const black = coverage[index]! >= 0.5 !== row.invert;
    if (black) data[index >> 3]! |= 0x80 >> (index & 7);
  }
  return { width, height, data };
}

/** Is the dot at (x, y) black? */
export function dotAt(bitmap: Bitmap, x: number, y: number): boolean {
  return ((bitmap.data[(y * bitmap.width + x) >> 3] ?? 0) & (0x80 >> ((y * bitmap.width + x) & 7))) !== 0;
}

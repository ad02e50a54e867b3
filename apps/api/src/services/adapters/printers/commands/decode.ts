/**
 * For tests: reads what the encoders wrote back into lines of text, images, QR codes and cuts, so a
 * snapshot shows what the paper would. Knows exactly the commands the encoders write and throws on
 * any other, so a change in what is sent shows up as a failing test, not as a silent gap.
 */
import { codepageTable } from './codepage';
import type { Bitmap } from './raster';
import { dotAt } from './raster';

/** One thing on the paper, in order. */
export type DecodedItem =
  | { kind: 'line'; text: string; size: number; bold: boolean; invert: boolean }
  | { kind: 'image'; bitmap: Bitmap }
  | { kind: 'qr'; data: string }
  | { kind: 'cut' };

interface Style {
  size: number;
  bold: boolean;
  invert: boolean;
}

/** Collects lines as bytes or characters arrive, with the style their first character had. */
class Paper {
  items: DecodedItem[] = [];
  style: Style = { size: 1, bold: false, invert: false };
  private text = '';
  private lineStyle: Style | null = null;

  write(text: string): void {
    this.lineStyle ??= { ...this.style };
    this.text += text;
  }

  newline(): void {
    const style = this.lineStyle ?? this.style;
    this.items.push({ kind: 'line', text: this.text, ...style });
    this.text = '';
    this.lineStyle = null;
  }

  add(item: DecodedItem): void {
    if (this.text) this.newline();
    this.items.push(item);
  }
}

function bytesToText(bytes: Uint8Array): string {
  const table = codepageTable();
  return Array.from(bytes, (byte) => String.fromCodePoint(table[byte] ?? 0x3f)).join('');
}

function unknown(language: string, bytes: Uint8Array, at: number): never {
  const hex = Buffer.from(bytes.subarray(at, at + 8)).toString('hex');
  throw new Error(`${language}: unknown command at ${at}: ${hex}`);
}

/** Reads ESC/POS bytes as the printer would. */
export function decodeEscPos(bytes: Uint8Array): DecodedItem[] {
  const paper = new Paper();
  let qrData = '';
  let at = 0;
  const u16 = (offset: number): number => (bytes[offset] ?? 0) + (bytes[offset + 1] ?? 0) * 256;
  while (at < bytes.length) {
    const [b0, b1, b2] = [bytes[at]!, bytes[at + 1], bytes[at + 2]];
    if (b0 === 0x0a) {
      paper.newline();
      at += 1;
    } else if (b0 === 0x0d) at += 1;
    else if (b0 >= 0x20 && b0 !== 0x7f) {
      let end = at;
      while (end < bytes.length && bytes[end]! >= 0x20 && bytes[end] !== 0x7f) end++;
      paper.write(bytesToText(bytes.subarray(at, end)));
      at = end;
    } else if (b0 === 0x1b && b1 === 0x40) at += 2;
    else if (b0 === 0x1c && b1 === 0x2e) at += 2;
    else if (b0 === 0x1b && (b1 === 0x4d || b1 === 0x61 || b1 === 0x33)) at += 3;
    else if (b0 === 0x1b && b1 === 0x74) {
      if (b2 !== 0x13) throw new Error(`ESC/POS: code table ${b2} is not CP858`);
      at += 3;
    } else if (b0 === 0x1b && b1 === 0x45) {
      paper.style.bold = b2 === 1;
      at += 3;
    } else if (b0 === 0x1d && b1 === 0x42) {
      paper.style.invert = b2 === 1;
      at += 3;
    } else if (b0 === 0x1d && b1 === 0x21) {
      paper.style.size = ((b2 ?? 0) >> 4) + 1;
      at += 3;
    } else if (b0 === 0x1b && b1 === 0x64) {
      for (let line = 0; line < (b2 ?? 0); line++) paper.newline();
      at += 3;
    } else if (b0 === 0x1d && b1 === 0x56) {
      paper.add({ kind: 'cut' });
      at += b2 === 65 || b2 === 66 ? 4 : 3;
    } else if (b0 === 0x1d && b1 === 0x76 && b2 === 0x30) {
      const widthBytes = u16(at + 4);
      const height = u16(at + 6);
      const data = bytes.slice(at + 8, at + 8 + widthBytes * height);
      paper.add({ kind: 'image', bitmap: { width: widthBytes * 8, height, data } });
      at += 8 + widthBytes * height;
    } else if (b0 === 0x1d && b1 === 0x28 && b2 === 0x6b) {
      const length = u16(at + 3);
      const fn = bytes[at + 6];
      if (fn === 0x50) qrData = new TextDecoder().decode(bytes.subarray(at + 8, at + 5 + length));
      if (fn === 0x51) paper.add({ kind: 'qr', data: qrData });
      at += 5 + length;
    } else unknown('ESC/POS', bytes, at);
  }
  return paper.items;
}

/** Reads StarPRNT bytes as the printer would. */
export function decodeStarPrnt(bytes: Uint8Array): DecodedItem[] {
  const paper = new Paper();
  let qrData = '';
  let image: { width: number; columns: boolean[][] } | null = null;
  const flushImage = (): void => {
    if (!image) return;
    const { width, columns } = image;
    const height = columns[0]!.length;
    const data = new Uint8Array((Math.ceil(width / 8) * 8 * height) / 8);
    const stride = Math.ceil(width / 8) * 8;
    columns.forEach((column, x) =>
      column.forEach((black, y) => {
        if (black) data[(y * stride + x) >> 3]! |= 0x80 >> ((y * stride + x) & 7);
      }),
    );
    image = null;
    paper.add({ kind: 'image', bitmap: { width: stride, height, data } });
  };
  let at = 0;
  while (at < bytes.length) {
    const [b0, b1, b2, b3] = [bytes[at]!, bytes[at + 1], bytes[at + 2], bytes[at + 3]];
    const isBand = b0 === 0x1b && b1 === 0x58;
    const between = b0 === 0x0a || b0 === 0x0d || (b0 === 0x1b && (b1 === 0x30 || b1 === 0x7a));
    if (image && !isBand && !between) flushImage();
    if (b0 === 0x0a) {
      if (!image) paper.newline();
      at += 1;
    } else if (b0 === 0x0d || b0 === 0x18) at += 1;
    else if (b0 >= 0x20 && b0 !== 0x7f) {
      let end = at;
      while (end < bytes.length && bytes[end]! >= 0x20 && bytes[end] !== 0x7f) end++;
      paper.write(bytesToText(bytes.subarray(at, end)));
      at = end;
    } else if (b0 === 0x1b && b1 === 0x40) at += 2;
    else if (b0 === 0x1b && b1 === 0x1d && b2 === 0x74) {
      if (b3 !== 4) throw new Error(`StarPRNT: code table ${b3} is not CP858`);
      at += 4;
    } else if (b0 === 0x1b && (b1 === 0x45 || b1 === 0x46)) {
      paper.style.bold = b1 === 0x45;
      at += 2;
    } else if (b0 === 0x1b && (b1 === 0x34 || b1 === 0x35)) {
      paper.style.invert = b1 === 0x34;
      at += 2;
    } else if (b0 === 0x1b && b1 === 0x69) {
      paper.style.size = (b2 ?? 0) + 1;
      at += 4;
    } else if (b0 === 0x1b && b1 === 0x30) at += 2;
    else if (b0 === 0x1b && b1 === 0x7a) at += 3;
    else if (b0 === 0x1b && b1 === 0x1d && (b2 === 0x61 || b2 === 0x50)) at += 4;
    else if (b0 === 0x1b && b1 === 0x64) {
      paper.add({ kind: 'cut' });
      at += 3;
    } else if (isBand) {
      const width = (b2 ?? 0) + (b3 ?? 0) * 256;
      const band = bytes.subarray(at + 4, at + 4 + width * 3);
      image ??= { width, columns: Array.from({ length: width }, () => []) };
      for (let x = 0; x < width; x++) {
        for (let bit = 0; bit < 24; bit++)
          image.columns[x]!.push(((band[x * 3 + (bit >> 3)] ?? 0) & (0x80 >> (bit & 7))) !== 0);
      }
      at += 4 + width * 3;
    } else if (b0 === 0x1b && b1 === 0x1d && b2 === 0x79) {
      const kind = bytes[at + 3];
      if (kind === 0x53) at += 6;
      else if (kind === 0x44) {
        const length = (bytes[at + 6] ?? 0) + (bytes[at + 7] ?? 0) * 256;
        qrData = new TextDecoder().decode(bytes.subarray(at + 8, at + 8 + length));
        at += 8 + length;
      } else if (kind === 0x50) {
        paper.add({ kind: 'qr', data: qrData });
        at += 4;
      } else unknown('StarPRNT', bytes, at);
    } else unknown('StarPRNT', bytes, at);
  }
  flushImage();
  return paper.items;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Reads an `<epos-print>` document as the printer would. */
export function decodeEposXml(xml: string): DecodedItem[] {
  const paper = new Paper();
  const body = /^<epos-print xmlns="[^"]+">([\s\S]*)<\/epos-print>$/.exec(xml)?.[1];
  if (body === undefined) throw new Error('ePOS-Print: not an <epos-print> document');
  const element = /<(\w+)((?:\s+[\w-]+="[^"]*")*)\s*(?:\/>|>([\s\S]*?)<\/\1>)/y;
  let at = 0;
  while (at < body.length) {
    element.lastIndex = at;
    const match = element.exec(body);
    if (!match) throw new Error(`ePOS-Print: unreadable at ${at}: ${body.slice(at, at + 40)}`);
    const [, name, rawAttributes = '', content] = match;
    const attributes = Object.fromEntries(
      [...rawAttributes.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (name === 'text') {
      if (attributes.width) paper.style.size = Number(attributes.width);
      if (attributes.em) paper.style.bold = attributes.em === 'true';
      if (attributes.reverse) paper.style.invert = attributes.reverse === 'true';
      const lines = unescapeXml(content ?? '').split('\n');
      lines.forEach((line, index) => {
        if (line) paper.write(line);
        if (index < lines.length - 1) paper.newline();
      });
    } else if (name === 'feed') {
      for (let line = 0; line < Number(attributes.line ?? 1); line++) paper.newline();
    } else if (name === 'cut') paper.add({ kind: 'cut' });
    else if (name === 'symbol') paper.add({ kind: 'qr', data: unescapeXml(content ?? '') });
    else if (name === 'image') {
      const data = new Uint8Array(Buffer.from(content ?? '', 'base64'));
      paper.add({
        kind: 'image',
        bitmap: { width: Number(attributes.width), height: Number(attributes.height), data },
      });
    } else throw new Error(`ePOS-Print: unexpected element <${name}>`);
    at = element.lastIndex;
  }
  return paper.items;
}

/**
 * The dots of an image as `#` and `.`, cropped to its ink (for a snapshot of a drawn line); `scale`
 * 2 reads each 2 × 2 block as one character, black when at least two of its dots are.
 */
export function imageArt(bitmap: Bitmap, scale: 1 | 2 = 1): string {
  let [left, right] = [bitmap.width, -1];
  for (let y = 0; y < bitmap.height; y++) {
    for (let x = 0; x < bitmap.width; x++) {
      if (dotAt(bitmap, x, y)) [left, right] = [Math.min(left, x), Math.max(right, x)];
    }
  }
  if (right < 0) return '';
  const black = (x: number, y: number): boolean => {
    let dots = 0;
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) if (x + dx <= right && dotAt(bitmap, x + dx, y + dy)) dots++;
    }
    return dots >= (scale === 1 ? 1 : 2);
  };
  return Array.from({ length: Math.ceil(bitmap.height / scale) }, (_, row) =>
    Array.from({ length: Math.ceil((right - left + 1) / scale) }, (_, column) =>
      black(left + column * scale, row * scale) ? '#' : '.',
    ).join(''),
  ).join('\n');
}

/**
 * The paper as text: each line between bars (so padding shows) with its styles after it, `[image
 * W×H]` for a drawn line (with `art`, its dots at half size below it), `[qr data]`, and `--- cut
 * ---`. Blank fed lines are empty.
 */
export function decodedText(items: readonly DecodedItem[], options: { art?: boolean } = {}): string {
  return items
    .map((item) => {
      if (item.kind === 'cut') return '--- cut ---';
      if (item.kind === 'qr') return `[qr ${item.data}]`;
      if (item.kind === 'image') {
        const label = `[image ${item.bitmap.width}x${item.bitmap.height}]`;
        return options.art ? `${label}\n${imageArt(item.bitmap, 2)}` : label;
      }
      if (item.text === '') return '';
      const tags = [
        item.size > 1 ? `${item.size}x` : '',
        item.bold ? 'bold' : '',
        item.invert ? 'inverse' : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `|${item.text}|${tags ? ` ${tags}` : ''}`;
    })
    .join('\n');
}

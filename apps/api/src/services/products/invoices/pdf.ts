/**
 * The PDF copy of the invoice (pdf-lib, standard Helvetica). Standard fonts only encode WinAnsi
 * (Latin-1 plus a few typographic marks), so every text goes through {@link winAnsiSafe} first:
 * accents the font lacks are dropped ('Ş' -> 'S'), a few symbols are spelt out, and anything else
 * (Chinese, Tamil, emoji) becomes '?'. Malay and Indonesian are written in plain Latin letters, so
 * their words print as they are.
 */
import { PDFDocument, PageSizes, StandardFonts, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import type { InvoiceAmountLine, InvoiceModel } from './model';

/** Spelt-out stand-ins for characters Helvetica's WinAnsi lacks and decomposition cannot reduce. */
const STAND_INS: Readonly<Record<string, string>> = {
  ı: 'i',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ø: 'o',
  '→': '->',
  '←': '<-',
  '≤': '<=',
  '≥': '>=',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
};

/**
 * Text a WinAnsi standard font can draw: each character the font has is kept; otherwise its
 * accents are stripped (NFD) when what is left is drawable, or a stand-in is used, or '?'.
 * Line breaks and tabs become spaces (layout breaks lines itself).
 *
 * @example winAnsiSafe('Kuih Seri Muka — 炒粿條 🍛', charset) // 'Kuih Seri Muka — ??? ?'
 */
export function winAnsiSafe(text: string, charset: ReadonlySet<number>): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    const code = char.codePointAt(0)!;
    if (charset.has(code)) {
      out += char;
      continue;
    }
    const stand = STAND_INS[char];
    if (stand !== undefined) {
      out += stand;
      continue;
    }
    const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
    if (bare && [...bare].every((c) => charset.has(c.codePointAt(0)!))) out += bare;
    else if (!/\p{M}/u.test(char)) out += '?';
  }
  return out;
}

const MARGIN = 48;
const SIZE = 10;
const LEADING = 14;
const GREY = rgb(0.4, 0.4, 0.4);
const BLACK = rgb(0.13, 0.13, 0.13);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  charset: ReadonlySet<number>;
}

/** Splits text into lines no wider than `width` at `size` (words longer than a line are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage(PageSizes.A4);
    this.pages.push(this.page);
    this.y = this.page.getHeight() - MARGIN;
  }

  get right() {
    return this.page.getWidth() - MARGIN;
  }

  /** Room for `lines` more lines, or a new page. */
  need(lines: number) {
    if (this.y - lines * LEADING < MARGIN + LEADING * 2) this.newPage();
  }

  text(
    text: string,
    x: number,
    options: { bold?: boolean; size?: number; grey?: boolean; alignRight?: boolean } = {},
  ) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? SIZE;
    const safe = winAnsiSafe(text, this.fonts.charset);
    const at = options.alignRight ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: at, y: this.y, size, font, color: options.grey ? GREY : BLACK });
  }

  /** Writes wrapped text from `x` to `width` and moves down past it. */
  paragraph(
    text: string,
    x: number,
    width: number,
    options: { bold?: boolean; size?: number; grey?: boolean } = {},
  ) {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const size = options.size ?? SIZE;
    for (const line of wrap(winAnsiSafe(text, this.fonts.charset), font, size, width)) {
      this.need(1);
      this.text(line, x, options);
      this.down(size > SIZE ? size * 1.4 : LEADING);
    }
  }

  down(by = LEADING) {
    this.y -= by;
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + LEADING - 4 },
      end: { x: this.right, y: this.y + LEADING - 4 },
      thickness: 0.5,
      color: GREY,
    });
  }
}

/** The invoice as a PDF (A4, one or more pages, 'Page 1 of 2' at the foot of each). */
export async function renderInvoicePdf(model: InvoiceModel, createdAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const fonts: Fonts = { regular, bold, charset: new Set(regular.getCharacterSet()) };
  const safe = (text: string) => winAnsiSafe(text, fonts.charset);
  doc.setTitle(safe(model.subject));
  doc.setSubject(safe(model.title));
  doc.setLanguage(model.lang === 'my' ? 'ms' : model.lang);
  doc.setProducer('Santap');
  doc.setCreator('Santap');
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);

  const w = new Writer(doc, fonts);
  const qtyRight = w.right - 170;
  const unitRight = w.right - 85;
  const itemWidth = qtyRight - 40 - MARGIN;

  w.paragraph(model.title, MARGIN, w.right - MARGIN, { bold: true, size: 18 });
  for (const h of model.heading) w.paragraph(`${h.label} ${h.value}`.trim(), MARGIN, w.right - MARGIN);

  const amountLine = (line: InvoiceAmountLine, strong = false) => {
    w.need(1);
    const label = line.included ? `${line.label} (${model.words.taxIncluded})` : line.label;
    w.text(label, MARGIN, { bold: strong });
    w.text(line.amount, w.right, { bold: strong, alignRight: true });
    w.down();
  };

  for (const section of model.sections) {
    w.down(LEADING / 2);
    w.need(4);
    w.paragraph(section.restaurantName, MARGIN, w.right - MARGIN, { bold: true, size: 13 });
    if (section.restaurantAddress)
      w.paragraph(section.restaurantAddress, MARGIN, w.right - MARGIN, { grey: true });
    for (const d of section.details) w.paragraph(`${d.label}: ${d.value}`, MARGIN, w.right - MARGIN);
    w.down(LEADING / 2);

    w.need(2);
    w.text(model.columns.item, MARGIN, { bold: true });
    w.text(model.columns.quantity, qtyRight, { bold: true, alignRight: true });
    w.text(model.columns.unitPrice, unitRight, { bold: true, alignRight: true });
    w.text(model.columns.amount, w.right, { bold: true, alignRight: true });
    w.down();
    w.rule();

    for (const line of section.lines) {
      const name = wrap(safe(line.name), regular, SIZE, itemWidth);
      const extras = [...line.options, ...(line.declined ? [model.words.itemDeclined] : [])];
      const extraLines = extras.length ? wrap(safe(extras.join(', ')), regular, SIZE - 1, itemWidth) : [];
      w.need(name.length + extraLines.length);
      w.text(name[0] ?? '', MARGIN);
      w.text(String(line.quantity), qtyRight, { alignRight: true });
      w.text(line.unitPrice, unitRight, { alignRight: true });
      w.text(line.amount, w.right, { alignRight: true, grey: line.declined });
      w.down();
      for (const more of name.slice(1)) {
        w.text(more, MARGIN);
        w.down();
      }
      for (const more of extraLines) {
        w.text(more, MARGIN + 8, { grey: true, size: SIZE - 1 });
        w.down();
      }
    }
    w.rule();
    for (const line of section.bill) amountLine(line);
    amountLine(section.total, true);
  }
  if (model.grandTotal) {
    w.down(LEADING / 2);
    w.rule();
    amountLine(model.grandTotal, true);
  }
  w.down(LEADING);
  w.paragraph(model.words.thanks, MARGIN, w.right - MARGIN);

  const total = w.pages.length;
  w.pages.forEach((page, index) => {
    const label = safe(model.pageLabel(index + 1, total));
    page.drawText(label, {
      x: page.getWidth() - MARGIN - regular.widthOfTextAtSize(label, 8),
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: GREY,
    });
  });
  return doc.save();
}

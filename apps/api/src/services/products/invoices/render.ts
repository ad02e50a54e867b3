/**
 * The invoice mail body: HTML with inline styles only (mail clients drop <style> and never run
 * scripts), and a plain-text alternative. Every interpolated value is escaped.
 */
import { intlLocale } from '@santap/domain';
import type { InvoiceAmountLine, InvoiceModel, InvoiceSection } from './model';
import { escapeHtml } from '../../../lib/html';

const CELL = 'padding:6px 8px;border-bottom:1px solid #e5e5e5;';
const NUMBER_CELL = `${CELL}text-align:right;white-space:nowrap;`;

function amountRow(line: InvoiceAmountLine, model: InvoiceModel, strong = false): string {
  const label = line.included ? `${line.label} (${model.words.taxIncluded})` : line.label;
  const weight = strong ? 'font-weight:bold;font-size:16px;' : '';
  return `<tr><td colspan="3" style="${CELL}${weight}">${escapeHtml(label)}</td><td style="${NUMBER_CELL}${weight}">${escapeHtml(line.amount)}</td></tr>`;
}

function sectionHtml(section: InvoiceSection, model: InvoiceModel): string {
  const details = section.details
    .map(
      (d) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#666;">${escapeHtml(d.label)}</td><td style="padding:2px 0;">${escapeHtml(d.value)}</td></tr>`,
    )
    .join('');
  const items = section.lines
    .map((line) => {
      const extras = [...line.options, ...(line.declined ? [model.words.itemDeclined] : [])];
      const style = line.declined ? 'text-decoration:line-through;color:#999;' : '';
      const sub = extras.length
        ? `<div style="color:#666;font-size:12px;">${extras.map(escapeHtml).join(', ')}</div>`
        : '';
      return `<tr><td style="${CELL}${style}">${escapeHtml(line.name)}${sub}</td><td style="${NUMBER_CELL}">${escapeHtml(line.quantity)}</td><td style="${NUMBER_CELL}">${escapeHtml(line.unitPrice)}</td><td style="${NUMBER_CELL}${style}">${escapeHtml(line.amount)}</td></tr>`;
    })
    .join('');
  const bill = section.bill.map((line) => amountRow(line, model)).join('');
  const address = section.restaurantAddress
    ? `<div style="color:#666;">${escapeHtml(section.restaurantAddress)}</div>`
    : '';
  return `<section style="margin:24px 0;">
<h2 style="margin:0 0 4px;font-size:18px;">${escapeHtml(section.restaurantName)}</h2>${address}
<table role="presentation" style="margin:8px 0;border-collapse:collapse;">${details}</table>
<table style="width:100%;border-collapse:collapse;">
<thead><tr><th style="${CELL}text-align:left;">${escapeHtml(model.columns.item)}</th><th style="${NUMBER_CELL}">${escapeHtml(model.columns.quantity)}</th><th style="${NUMBER_CELL}">${escapeHtml(model.columns.unitPrice)}</th><th style="${NUMBER_CELL}">${escapeHtml(model.columns.amount)}</th></tr></thead>
<tbody>${items}${bill}${amountRow(section.total, model, true)}</tbody>
</table>
</section>`;
}

/** The HTML invoice, a complete document in the invoice's language (`lang` is the Intl tag: my -> ms). */
export function renderInvoiceHtml(model: InvoiceModel): string {
  const heading = model.heading
    .map((h) => `<div>${escapeHtml(h.label)}${h.value ? ` ${escapeHtml(h.value)}` : ''}</div>`)
    .join('');
  const grand = model.grandTotal
    ? `<table style="width:100%;border-collapse:collapse;">${amountRow(model.grandTotal, model, true)}</table>`
    : '';
  return `<!doctype html>
<html lang="${intlLocale(model.lang)}">
<head><meta charset="utf-8"><title>${escapeHtml(model.subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#222;background:#fff;">
<div style="max-width:640px;margin:0 auto;">
<h1 style="font-size:22px;margin:0 0 8px;">${escapeHtml(model.title)}</h1>${heading}
${model.sections.map((s) => sectionHtml(s, model)).join('\n')}
${grand}
<p>${escapeHtml(model.words.thanks)}</p>
<p style="color:#666;font-size:12px;">${escapeHtml(model.words.pdfAttached)}</p>
</div>
</body>
</html>
`;
}

/** The plain-text alternative of the mail (for clients that show no HTML). */
export function renderInvoiceText(model: InvoiceModel): string {
  const out: string[] = [model.title, ...model.heading.map((h) => `${h.label} ${h.value}`.trim()), ''];
  for (const section of model.sections) {
    out.push(section.restaurantName);
    if (section.restaurantAddress) out.push(section.restaurantAddress);
    for (const d of section.details) out.push(`${d.label}: ${d.value}`);
    out.push('');
    for (const line of section.lines) {
      const extras = [...line.options, ...(line.declined ? [model.words.itemDeclined] : [])];
      out.push(`${line.quantity} x ${line.name} (${line.unitPrice})  ${line.amount}`);
      if (extras.length) out.push(`    ${extras.join(', ')}`);
    }
    for (const line of [...section.bill, section.total]) {
      out.push(`${line.label}${line.included ? ` (${model.words.taxIncluded})` : ''}: ${line.amount}`);
    }
    out.push('');
  }
  if (model.grandTotal) out.push(`${model.grandTotal.label}: ${model.grandTotal.amount}`, '');
  out.push(model.words.thanks, model.words.pdfAttached);
  return out.join('\n');
}

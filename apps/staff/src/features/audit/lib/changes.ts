import { ITEM_STATUS_WORDING_KEY, formatMoney, isOrderStatus, orderStatusWordingKey } from '@santap/domain';
import type { Currency } from '@santap/domain';
import type { AuditRecord } from '@santap/api-client';
import type { SupportedLanguage } from '@santap/i18n';
import type { UiTranslate } from '@santap/ui';
import { FIELD_LABEL, VALUE_LABEL } from './words';

/** Fields that hold money in minor units (docs/audit.md: what each action records). */
const MONEY_FIELDS = new Set(['price', 'owing', 'left', 'refundable', 'refunded', 'paid_amount', 'amount']);

/** One changed field: its name in words and its value before and after, formatted. */
export interface ChangeRow {
  field: string;
  before: string;
  after: string;
}

interface Formatting {
  t: UiTranslate;
  language: SupportedLanguage;
  currency: Currency;
  /** Formats an instant (ISO string) in the restaurant's time zone. */
  time: (iso: string) => string;
}

const EMPTY = '—';

function valueText(field: string, value: unknown, record: AuditRecord, f: Formatting): string {
  if (value === null || value === undefined) return EMPTY;
  if (typeof value === 'boolean') return f.t(value ? 'staff.audit.yes' : 'staff.audit.no');
  if (typeof value === 'number') {
    if (MONEY_FIELDS.has(field)) return formatMoney(value, f.currency, f.language);
    if (field === 'status' && record.action === 'order.item_decline') {
      const key = ITEM_STATUS_WORDING_KEY[value as keyof typeof ITEM_STATUS_WORDING_KEY];
      return key ? f.t(key) : String(value);
    }
    if (field === 'status' && record.subject.type === 'order' && isOrderStatus(value)) {
      return f.t(orderStatusWordingKey(value));
    }
    return String(value);
  }
  if (typeof value === 'string') {
    if (field.endsWith('_until') && !Number.isNaN(Date.parse(value))) return f.time(value);
    if (field === 'status' && value === 'declined') return f.t(ITEM_STATUS_WORDING_KEY[2]);
    const key = (field === 'payment_status' || field === 'method') && VALUE_LABEL[value];
    return key ? f.t(key) : value;
  }
  if (Array.isArray(value)) return value.map((part) => valueText(field, part, record, f)).join(', ');
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    // A dish's names: the one in the console's language.
    if (field === 'names') {
      const names = value as Record<string, unknown>;
      const name = names[f.language] ?? names.en;
      if (typeof name === 'string') return name;
    }
    // An import's prices by dish id.
    const money = field === 'prices';
    return entries
      .map(([key, part]) =>
        money && typeof part === 'number'
          ? `${key}: ${formatMoney(part, f.currency, f.language)}`
          : `${key}: ${valueText(key, part, record, f)}`,
      )
      .join(', ');
  }
  return String(value);
}

/**
 * A record's changed fields, before → after, each formatted (money in the restaurant's currency, an
 * order status in words). A field only in `after` (a creation) shows '—' before.
 */
export function changeRows(record: AuditRecord, f: Formatting): ChangeRow[] {
  const before = record.before ?? {};
  const after = record.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const label = FIELD_LABEL[field];
    return {
      field: label ? f.t(label) : field,
      before: valueText(field, before[field], record, f),
      after: valueText(field, after[field], record, f),
    };
  });
}

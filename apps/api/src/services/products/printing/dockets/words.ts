/**
 * The words every layout shares, from the catalogues (`docket.*`, `orderType.*`, `bill.*` of
 * @santap/i18n) in the printer's language: who the order is for, its type, when it was placed, a
 * dish with its options, the payment's name.
 */
import { ORDER_TYPE, currencyFor, formatMoney } from '@santap/domain';
import type { Allergen, Language } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import type { TranslationKey, Translator } from '@santap/i18n';
import { formatInvoiceDateTime } from '../../invoices/model';
import type { DocketInput, DocketLine, DocketName, DocketPayment } from './input';

export type { Translator };

/** The translator of a layout's language. */
export function translatorFor(lang: Language): Translator {
  return createTranslator(lang);
}

/** A name in `lang`, else English (order lines keep every language; older options may lack some). */
export function nameIn(name: DocketName, lang: Language): string {
  const named = name[lang]?.trim();
  return named ? named : name.en;
}

/** Money as the receipt prints it: `RM 12.50`, `Rp 15.000`, in the restaurant's currency. */
export function moneyOf(input: DocketInput, minor: number, lang: Language): string {
  return formatMoney(minor, input.bill?.currency ?? currencyFor(input.restaurant.country), lang);
}

/** When the order was placed, in the restaurant's zone: `23/11/2026 12:00 MYT`. */
export function placedAtOf(input: DocketInput): string {
  return formatInvoiceDateTime(input.placedAt, input.restaurant.timeZone);
}

/** Dine-in, delivery, pickup or takeaway, in the language. */
export function orderTypeOf(input: DocketInput, t: Translator): string {
  if (input.orderType === ORDER_TYPE.DINE_IN) return t('orderType.dineIn');
  if (input.orderType === ORDER_TYPE.DELIVERY) return t('orderType.delivery');
  return t(input.pickupType === 'takeaway' ? 'orderType.takeaway' : 'orderType.pickup');
}

/**
 * Who the order is for, as staff call it out: the table, else the queue number, else the order. A
 * table prints by the name the restaurant gave it, as the board shows it ('T5', 'Patio 2', 'Table 3');
 * only a bare number gets the word for table ('Meja 5'), so it is never read as a queue number.
 */
export function headlineOf(input: DocketInput, t: Translator): string {
  if (input.tableName)
    return /^\d+$/.test(input.tableName) ? t('docket.table', { name: input.tableName }) : input.tableName;
  if (input.queueNo !== null) return t('docket.queue', { number: input.queueNo });
  return t('docket.order', { number: input.orderNo });
}

const ALLERGEN_KEYS: Readonly<Record<Allergen, TranslationKey>> = {
  gluten: 'docket.allergen.gluten',
  fish: 'docket.allergen.fish',
  nuts: 'docket.allergen.nuts',
  seafood: 'docket.allergen.seafood',
  shellfish: 'docket.allergen.shellfish',
};

/** The flagged allergies as one line (`ALLERGY: nuts, shellfish`), or null when none. */
export function allergiesOf(input: DocketInput, t: Translator): string | null {
  if (input.allergies.length === 0) return null;
  return t('docket.allergies', {
    list: input.allergies.map((allergen) => t(ALLERGEN_KEYS[allergen])).join(', '),
  });
}

/** `2 x Nasi lemak`. */
export function dishOf(line: DocketLine, lang: Language): string {
  return `${line.quantity} x ${nameIn(line.name, lang)}`;
}

/** The options of a line, one a row: `+ Spice level: Extra hot`, `+ 2 x Fried egg`. */
export function optionsOf(line: DocketLine, lang: Language): string[] {
  return line.options.map((option) => {
    const quantity = option.quantity && option.quantity > 1 ? `${option.quantity} x ` : '';
    const group = option.group ? `${nameIn(option.group, lang)}: ` : '';
    return `+ ${group}${quantity}${nameIn(option.name, lang)}`;
  });
}

/** How an order was paid, by the method's name in the language (brand names are not printed). */
export function paymentNameOf(payment: DocketPayment, t: Translator): string {
  const method = payment.method?.toLowerCase() ?? '';
  if (method === 'card') return t('docket.payment.card');
  if (method === 'net banking') return t('docket.payment.onlineBanking');
  if (method === 'wallet') return t('docket.payment.wallet');
  if (method.startsWith('cash') || payment.mode === 'cash_kiosk') return t('docket.payment.cash');
  if (method === 'pay later' || payment.mode === 'pay_later') return t('docket.payment.payLater');
  if (method === 'loyalty' || payment.mode === 'loyalty') return t('docket.payment.loyalty');
  return t('docket.payment.online');
}

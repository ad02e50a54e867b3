/**
 * Who looks a catalogue key up, and so where the "unused key" check finds its users:
 *
 * - `domain`: keys that `@santap/domain` emits itself: `MESSAGE` (validation and error messages,
 *   spec §5, §8), the order status wording keys (spec §4) and `BILL_LINE_KEY` (spec §9). Checked
 *   today by this package's tests against those exports: a key the domain no longer emits fails.
 * - `restaurantData`: tax label keys a restaurant's settings name (`BillTax.key` in
 *   `@santap/domain`: SST, PB1, PBJT; spec §9, FACTS "Tax and charges"). Checked when the
 *   restaurant settings contract lists the allowed tax keys.
 * - `apps`: screen words the React apps look up (order type and time, payment states, refund
 *   times, the bill total label, every screen and popup). Checked by this package's tests: each key
 *   is written out in the sources of an app (`apps/diner`, `apps/foodcourt`, `apps/kiosk`, `apps/staff`) or of
 *   `@santap/ui`, or built by one of the {@link DYNAMIC_KEYS} patterns.
 * - `server`: words the API server renders itself: the invoice mail and its PDF (`invoice.*`). Checked by the
 *   API's invoice tests, which render every one of these keys.
 */
export type KeyOwner = 'domain' | 'restaurantData' | 'apps' | 'server';

/**
 * Ownership by key prefix; the longest matching prefix wins, so a whole key (such as
 * `'bill.total'`) can override its group. Every catalogue key has exactly one owner (tested).
 */
export const KEY_OWNERSHIP: readonly { readonly prefix: string; readonly owner: KeyOwner }[] = [
  { prefix: 'validation.', owner: 'domain' },
  { prefix: 'errors.', owner: 'domain' },
  // The refund sentence the payment outcome screen shows under errors.transactionFailed (spec §8).
  { prefix: 'errors.transactionFailedRefund', owner: 'apps' },
  { prefix: 'status.', owner: 'domain' },
  { prefix: 'bill.', owner: 'domain' },
  { prefix: 'bill.sst', owner: 'restaurantData' },
  { prefix: 'bill.pb1', owner: 'restaurantData' },
  { prefix: 'bill.pbjt', owner: 'restaurantData' },
  // A bill's total is a number, not a line with a key: the screen prints this label.
  { prefix: 'bill.total', owner: 'apps' },
  { prefix: 'orderType.', owner: 'apps' },
  { prefix: 'orderTime.', owner: 'apps' },
  { prefix: 'payment.', owner: 'apps' },
  { prefix: 'refund.', owner: 'apps' },
  { prefix: 'invoice.', owner: 'server' },
  // A page's title, description and link previews, written into the HTML by the API (sections/page-meta.ts).
  { prefix: 'meta.', owner: 'server' },
  // What the server sends to a phone itself: the OTP text message (sections/messaging.ts).
  { prefix: 'message.', owner: 'server' },
  // What the printers print: dockets, receipts, queue tickets (sections/docket.ts, apps/api dockets).
  { prefix: 'docket.', owner: 'server' },
  // Why a print job failed, in the staff's jobs list (sections/printing.ts, apps/api printing queue).
  { prefix: 'printing.', owner: 'server' },
  // Why an uploaded settlement report was refused (sections/settlement.ts, apps/api settlement-report.ts).
  { prefix: 'settlement.', owner: 'server' },
  // Why the server refuses something on a table's tab (sections/tab-errors.ts; TAB_MESSAGE and
  // SPLIT_MESSAGE of @santap/domain, checked by apps/api's tab tests).
  { prefix: 'tab.error.', owner: 'server' },
  // A manager approval's refusals (sections/approval.ts; APPROVAL_MESSAGE of @santap/domain).
  { prefix: 'approval.error.', owner: 'server' },
  // The staff console's manager PIN dialog and 'Set my PIN' form (sections/approval.ts).
  { prefix: 'approval.', owner: 'apps' },
  { prefix: 'ui.', owner: 'apps' },
  { prefix: 'auth.', owner: 'apps' },
  { prefix: 'pay.', owner: 'apps' },
  { prefix: 'order.', owner: 'apps' },
  { prefix: 'legal.', owner: 'apps' },
  // The diner app's shell, home, menu, cart and QR screens (sections/diner-menu.ts).
  ...['app.', 'home.', 'menu.', 'cart.', 'qr.'].map((prefix) => ({ prefix, owner: 'apps' as const })),
  // Account screens, reviews, table bookings (sections/account.ts, reviews.ts, bookings.ts).
  ...['account.', 'review.', 'reco.', 'booking.'].map((prefix) => ({ prefix, owner: 'apps' as const })),
  // The food-court and kiosk apps (sections/foodcourt.ts, kiosk.ts).
  ...['fc.', 'kiosk.'].map((prefix) => ({ prefix, owner: 'apps' as const })),
  // The staff console (sections/staff.ts, apps/staff).
  { prefix: 'staff.', owner: 'apps' },
  // The staff console's printing: printers page, board alarm, tablet printing (sections/printers.ts).
  { prefix: 'printers.', owner: 'apps' },
  // A table's tab on the diner's phone (sections/diner-tab.ts).
  { prefix: 'tab.', owner: 'apps' },
  // The diner's pay page checks an amount itself with the server's own words (apps/diner features/tab).
  ...['tab.error.splitAmountAboveLeft', 'tab.error.splitAmountBelowMinimum'].map((prefix) => ({
    prefix,
    owner: 'apps' as const,
  })),
];

/**
 * The owner of a key by {@link KEY_OWNERSHIP} (longest prefix wins), or `undefined` when no prefix
 * matches: a new key group must be given an owner before it is added to the catalogues.
 *
 * @example
 * ```ts
 * keyOwner('errors.qrExpired'); // 'domain'
 * keyOwner('bill.sstDeliveryInclusive'); // 'restaurantData'
 * keyOwner('bill.total'); // 'apps'
 * ```
 */
export function keyOwner(key: string): KeyOwner | undefined {
  let best: { prefix: string; owner: KeyOwner } | undefined;
  for (const entry of KEY_OWNERSHIP) {
    if (key.startsWith(entry.prefix) && (best === undefined || entry.prefix.length > best.prefix.length)) {
      best = entry;
    }
  }
  return best?.owner;
}

/**
 * Catalogue keys the apps build at run time instead of writing them out, so a source scan cannot
 * find them: each entry says which keys (a pattern), and where and how they are built (`source`, a
 * piece of code that must still be there). Keep it small: prefer a map of whole keys
 * (`{ dineIn: 'orderType.dineIn' }`), which the scan sees.
 */
export const DYNAMIC_KEYS: readonly { readonly pattern: RegExp; readonly source: string }[] = [
  // The payment outcome screens: one key per PAYMENT_PAGE_STATES state (the catalogue test checks the set).
  { pattern: /^payment\.[a-z]+$/, source: '`payment.${state}`' },
  // The language button names the current language: one key per supported language.
  { pattern: /^app\.language\.(en|id|my)$/, source: '`app.language.${language}`' },
];

import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { billLineSchema, currencyCode, idInput, money } from './common';
import { initiatedSchema, paymentChannel, paymentProvider, speedMode } from './payments';
import { approvalInput } from './staff/approval';

/**
 * A table's tab (apps/api docs/tabs.md): the running dine-in orders of the diners who sit together,
 * one bill, paid in shares. Opened by the first order at a table; a diner joins by a signed scan at a
 * dynamic-QR restaurant, by the tab's join code (or staff letting them in) at a static-QR one. Only
 * members read a tab; anyone else gets 404. Every change is published live as `tab.changed` on
 * `tab:<id>` (and `restaurant:<id>` for the staff board); the apps read the tab again.
 */

/** Largest number of people a dish or the bill is split between (`SPLIT_MAX_PARTS` of @santap/domain). */
const parts = z.int().check(z.gte(2), z.lte(20));
const lineId = z.string().check(z.minLength(1), z.maxLength(20), z.regex(/^\d+$/));

/**
 * What a payer asks to pay (the domain's `ShareRequest`, `splitShare`): everything left, their own
 * dishes, picked dishes, part `part` of `parts` equal parts of one dish or of the bill, or an amount.
 * `of` (minor units) is the amount an equal split divides: the other payers of the same split send the
 * first part's `of` back (the tab view lists the splits under way in `splits`).
 *
 * A plain union, not `z.discriminatedUnion`: each option's `kind` literal differs, so it accepts and
 * refuses exactly the same requests (tabs.test.ts), while the discriminated union's code would sit in
 * the zod module every app's first screen loads (a module's code used anywhere goes where the module
 * is: apps/diner README, Speed and size), ~0.4 KB gzipped on the diner's menu for a screen it never shows.
 */
export const shareRequestSchema = z.union([
  z.object({ kind: z.literal('rest') }),
  z.object({ kind: z.literal('mine') }),
  z.object({ kind: z.literal('lines'), line_ids: z.array(lineId).check(z.minLength(1), z.maxLength(100)) }),
  z.object({
    kind: z.literal('dish_part'),
    line_id: lineId,
    parts,
    part: z.int().check(z.gte(1), z.lte(20)),
    of: z.optional(z.int().check(z.gte(1))),
  }),
  z.object({
    kind: z.literal('equal'),
    parts,
    part: z.int().check(z.gte(1), z.lte(20)),
    of: z.optional(z.int().check(z.gte(1))),
  }),
  z.object({ kind: z.literal('amount'), amount: z.int().check(z.gte(1)) }),
]);
export type ShareRequestInput = z.infer<typeof shareRequestSchema>;

export const tabMemberSchema = z.object({
  member_id: z.int(),
  /** The name or emoji the diner chose; never a phone number. */
  name: z.string(),
  emoji: z.nullable(z.string()),
  /** True for the caller's own member. */
  me: z.boolean(),
  /** Asked staff to let them in and not yet let in (staff view only; members see only members). */
  waiting: z.boolean(),
});
export type TabMember = z.infer<typeof tabMemberSchema>;

/** One dish of the tab, with its share of the bill and what is left of it. */
export const tabLineSchema = z.object({
  line_id: z.string(),
  order_id: z.int(),
  /** The member whose phone ordered it. */
  member_id: z.nullable(z.int()),
  name: z.string(),
  quantity: z.int(),
  /** The options chosen, in the caller's language, joined ('Large, No ice'). */
  options: z.string(),
  /** The dish's share of its order's bill (price, service charge, taxes, discounts, rounding). */
  amount: money,
  paid: money,
  pending: money,
  left: money,
  /** The member paying it right now (a share under way holds it); null when free. */
  held_by: z.nullable(z.int()),
});
export type TabLine = z.infer<typeof tabLineSchema>;

export const SHARE_KINDS = ['rest', 'mine', 'lines', 'dish_part', 'equal', 'amount', 'counter'] as const;
export const SHARE_STATES = ['pending', 'paid', 'void'] as const;

export const tabShareSchema = z.object({
  share_id: z.int(),
  /** Null for what staff took at the counter. */
  member_id: z.nullable(z.int()),
  kind: z.enum(SHARE_KINDS),
  state: z.enum(SHARE_STATES),
  /** What the share takes off the tab. */
  settles: money,
  tip: money,
  /** What the payer pays: settles + tip + cash rounding. */
  amount: money,
  /** 'Cash', 'Wallet', 'Card', ... as payments name their method. */
  method: z.string(),
  payment_id: z.nullable(z.int()),
  created_epoch: z.int(),
  /** While pending: when its hold on the dishes ends (Unix seconds). */
  hold_until_epoch: z.nullable(z.int()),
});
export type TabShare = z.infer<typeof tabShareSchema>;

/** An equal split under way: its `of`, and the parts paid or being paid. */
export const tabSplitSchema = z.object({
  kind: z.enum(['equal', 'dish_part']),
  line_id: z.nullable(z.string()),
  parts,
  of: money,
  taken: z.array(z.int()),
});

export const tabOrderSchema = z.object({
  order_id: z.int(),
  member_id: z.nullable(z.int()),
  /** Order status code as orders report it. */
  status: z.int(),
  total: money,
  created_epoch: z.int(),
});

export const tabSchema = z.object({
  tab_id: z.int(),
  restaurant_id: z.int(),
  table_id: z.int(),
  table_label: z.nullable(z.string()),
  status: z.enum(['open', 'closed']),
  currency: currencyCode,
  /** The code a friend types to join (shown to members); null once the tab is closed. */
  join_code: z.nullable(z.string()),
  /** True at a dynamic-QR restaurant: a scan of the table's QR joins, no code needed. */
  joins_by_scan: z.boolean(),
  /** The caller's member id (null for staff). */
  me: z.nullable(z.int()),
  members: z.array(tabMemberSchema),
  orders: z.array(tabOrderSchema),
  lines: z.array(tabLineSchema),
  shares: z.array(tabShareSchema),
  splits: z.array(tabSplitSchema),
  total: money,
  paid: money,
  pending: money,
  left: money,
  /** Whether this restaurant takes tips on a share. */
  tips: z.boolean(),
  /** The gateway's smallest charge in minor units: a share below it is paid at the counter. */
  minimum: money,
});
export type TabView = z.infer<typeof tabSchema>;

/** A share priced, before it is paid (or as it was paid): the payer's own receipt lines. */
export const shareQuoteSchema = z.object({
  request: shareRequestSchema,
  settles: money,
  tip: money,
  amount: money,
  currency: currencyCode,
  /** Bill lines as a bill has them: the dishes, service charge, taxes, discounts, rounding. */
  lines: z.array(billLineSchema),
  /** The dishes the share takes part of, with how much of each. */
  takes: z.array(z.object({ line_id: z.string(), amount: money })),
});
export type ShareQuote = z.infer<typeof shareQuoteSchema>;

const nickname = z.string().check(z.trim(), z.minLength(1), z.maxLength(20));
const emoji = z.string().check(z.minLength(1), z.maxLength(16));

export const tabOfOrder = defineEndpoint({
  id: 'tabs.ofOrder',
  method: 'GET',
  path: '/api/tabs/of-order',
  service: 'main',
  access: 'cart',
  summary:
    "The tab of the caller's own dine-in order (another's order is 404): members, rounds, every dish with what is paid and left, shares, splits under way. `tab` is null for an order on no tab.",
  query: z.object({ order_id: idInput }),
  data: z.object({ tab: z.nullable(tabSchema) }),
});

export const tabGet = defineEndpoint({
  id: 'tabs.get',
  method: 'GET',
  path: '/api/tabs/:tabId',
  service: 'main',
  access: 'cart',
  summary: 'A tab the caller is a member of (anyone else: 404).',
  params: z.object({ tabId: idInput }),
  data: z.object({ tab: tabSchema }),
});

export const tabAtTable = defineEndpoint({
  id: 'tabs.atTable',
  method: 'GET',
  path: '/api/tabs/at-table',
  service: 'main',
  access: 'cart',
  summary:
    "With the table's ticket (a scan of its QR): the tab the caller is a member of at that table, or whether an open tab there may be joined and how (`scan` at a dynamic-QR restaurant, `code` at a static one). Nothing of another tab is shown.",
  query: z.object({ restaurant_id: idInput, table_id: idInput }),
  data: z.object({
    tab: z.nullable(tabSchema),
    /** An open tab at the table the caller is not on: how to join it; null when there is none. */
    joinable: z.nullable(z.enum(['scan', 'code'])),
  }),
});

export const tabJoin = defineEndpoint({
  id: 'tabs.join',
  method: 'POST',
  path: '/api/tabs/join',
  service: 'main',
  access: 'cart',
  summary:
    "Join the open tab at a table, with the table's ticket: a dynamic-QR scan joins as it is; otherwise `code` is the tab's join code (wrong: tab.error.codeWrong; limited tries per table and address: tab.error.codeTooManyTries, 429). Joining twice answers the tab.",
  body: z.object({
    restaurant_id: idInput,
    table_id: idInput,
    code: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(12))),
    name: z.optional(nickname),
    emoji: z.optional(emoji),
  }),
  data: z.object({ tab: tabSchema }),
});

export const tabAskToJoin = defineEndpoint({
  id: 'tabs.askToJoin',
  method: 'POST',
  path: '/api/tabs/ask-to-join',
  service: 'main',
  access: 'cart',
  summary:
    "With the table's ticket and no code: ask staff to let the caller into the open tab at the table; the board shows the request, staff let them in (staff.tabAdmit). Limited per table and address.",
  body: z.object({ restaurant_id: idInput, table_id: idInput, name: nickname, emoji: z.optional(emoji) }),
  data: z.object({ waiting: z.literal(true) }),
});

export const tabSetMe = defineEndpoint({
  id: 'tabs.setMe',
  method: 'POST',
  path: '/api/tabs/:tabId/me',
  service: 'main',
  access: 'cart',
  summary: "The caller's name and emoji on a tab they are a member of.",
  params: z.object({ tabId: idInput }),
  body: z.object({ name: nickname, emoji: z.optional(z.nullable(emoji)) }),
  data: z.object({ tab: tabSchema }),
});

export const tabQuote = defineEndpoint({
  id: 'tabs.quote',
  method: 'POST',
  path: '/api/tabs/:tabId/quote',
  service: 'main',
  access: 'cart',
  summary:
    'What a share would come to now (nothing held, nothing charged): the refusals are those of paying it (tab.error.*).',
  params: z.object({ tabId: idInput }),
  body: z.object({ request: shareRequestSchema, tip: z.optional(z.int().check(z.gte(0))) }),
  data: shareQuoteSchema,
});

export const tabPayShare = defineEndpoint({
  id: 'tabs.payShare',
  method: 'POST',
  path: '/api/tabs/:tabId/shares',
  service: 'payment',
  access: 'cart',
  idempotent: true,
  summary:
    "Pay a share of a tab online through the restaurant's gateway: the share holds what it takes (dishes picked are locked for the others) until its payment ends or the hold times out; the amount is the server's. Refusals: tab.error.* (a dish held or paid, an amount above what is left or below the gateway's minimum, a closed tab).",
  params: z.object({ tabId: idInput }),
  body: z.object({
    request: shareRequestSchema,
    tip: z._default(z.int().check(z.gte(0)), 0),
    method: z._default(z.enum(['Card', 'Wallet', 'Net Banking']), 'Wallet'),
    channel: z.optional(paymentChannel),
    provider: z.optional(paymentProvider),
    speed_mode: z._default(speedMode, 'fast'),
  }),
  data: z.object({ share: tabShareSchema, payment: initiatedSchema, quote: shareQuoteSchema }),
});

export const tabCancelShare = defineEndpoint({
  id: 'tabs.cancelShare',
  method: 'POST',
  path: '/api/tabs/:tabId/shares/:shareId/cancel',
  service: 'main',
  access: 'cart',
  summary:
    'The payer lets go of their share under way (the dishes are free again). A payment the gateway captures later is refunded if what it paid was taken meanwhile.',
  params: z.object({ tabId: idInput, shareId: idInput }),
  data: z.object({ tab: tabSchema }),
});

export const tabShareReceipt = defineEndpoint({
  id: 'tabs.shareReceipt',
  method: 'GET',
  path: '/api/tabs/:tabId/shares/:shareId/receipt',
  service: 'main',
  access: 'cart',
  summary: "A member's own share as a receipt: its bill lines, tip, rounding, method and when it was paid.",
  params: z.object({ tabId: idInput, shareId: idInput }),
  data: z.object({
    share: tabShareSchema,
    quote: shareQuoteSchema,
    restaurant_name: z.string(),
    table_label: z.nullable(z.string()),
    paid_epoch: z.nullable(z.int()),
  }),
});

/** The board's view of the open tabs of the staff member's restaurant. */
export const staffTabs = defineEndpoint({
  id: 'staff.tabs',
  method: 'GET',
  path: '/api/staff/tabs',
  service: 'main',
  access: 'staff',
  summary:
    "The open tabs of the staff member's restaurant (manager, server; kitchen and business 403): per table, members (with those waiting to be let in), shares paid and under way, what is left.",
  data: z.object({ tabs: z.array(tabSchema) }),
});

export const staffTabAdmit = defineEndpoint({
  id: 'staff.tabAdmit',
  method: 'POST',
  path: '/api/staff/tabs/:tabId/members/:memberId/admit',
  service: 'main',
  access: 'staff',
  summary: "Let a diner who asked into the tab (manager, server). Another restaurant's tab is 404.",
  params: z.object({ tabId: idInput, memberId: idInput }),
  data: z.object({ tab: tabSchema }),
});

export const staffTabCash = defineEndpoint({
  id: 'staff.tabCash',
  method: 'POST',
  path: '/api/staff/tabs/:tabId/cash',
  service: 'main',
  access: 'staff',
  idempotent: true,
  summary:
    "Take what is left of a tab (or `amount` of it) in cash or by card at the counter (manager, server): a share paid at once, with the restaurant's cash rounding for cash. Another restaurant's tab is 404; an amount above what is left tab.error.splitAmountAboveLeft.",
  params: z.object({ tabId: idInput }),
  body: z.object({
    method: z._default(z.enum(['Cash', 'Card']), 'Cash'),
    amount: z.optional(z.int().check(z.gte(1))),
  }),
  data: z.object({ tab: tabSchema, share: tabShareSchema }),
});

export const staffTabClose = defineEndpoint({
  id: 'staff.tabClose',
  method: 'POST',
  path: '/api/staff/tabs/:tabId/close',
  service: 'main',
  access: 'staff',
  summary:
    "Clear the table: close its settled tab (manager, server). A tab with money left is refused (tab.error.notSettled) unless `force`, which leaves the orders owing as they are and takes a manager's approval (apps/api docs/audit.md, 'Manager approval'): a manager's `approval.reason`, or a server's manager, PIN and reason; without it 400 approval.error.reasonNeeded or 403 approval.error.needed.",
  params: z.object({ tabId: idInput }),
  body: z.object({ force: z._default(z.boolean(), false), approval: z.optional(approvalInput) }),
  data: z.object({ tab: tabSchema }),
});

/**
 * Paying a tab in shares online (apps/api docs/tabs.md, Shares): a share priced (`tabs.quote`), paid
 * through the restaurant's gateway (`tabs.payShare`), let go by its payer (`tabs.cancelShare`), and its
 * receipt (`tabs.shareReceipt`). The tab row's lock serializes every share of a tab, so two phones
 * asking for the same dishes at once never both hold them; the gateway is reached after the commit.
 * The share's settling is the payment core's (`applyState` asks model/tab-shares.ts).
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE, TAB_MESSAGE } from '@santap/domain';
import type { ShareQuote, ShareRequestInput, TabShare, TabView } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { diningTables, payments, restaurants, tabShares, tableTabs } from '../../../db/schema';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { claimKey, storedReply } from '../../../lib/idempotency';
import type { AppContext } from '../../context';
import {
  findMember,
  loadTabState,
  lockTab,
  publishTab,
  shareViewOf,
  tabSettingsOf,
  tabViewOf,
  touchTab,
  voidExpiredShares,
} from '../../model/tabs';
import type { TabMemberRow, TabRow, TabState } from '../../model/tabs';
import { pick, settingsOf } from '../../model/restaurants';
import { TAB_SHARE_HOLD_SECONDS, TAB_SHARE_PURPOSE, orderAllocationOf } from '../../model/tab-shares';
import { hashBody } from '../accounts/tokens';
import { GATEWAY_EXPIRY_MINUTES, insertAttempt, payerOf, reachGateway } from '../payments/initiate';
import type { StartedAttempt } from '../payments/initiate';
import { gatewayUrls, offeredProvider } from '../payments/methods';
import { referenceOf } from '../payments/model';
import { initiatedView } from '../payments/status';
import { contractRequestOf, domainRequestOf, priceShare, quoteOf, quoteOfRow } from './share-pricing';

/** The tab (locked FOR UPDATE when `lock`) and the caller's member row on it; anyone else: 404. */
async function memberTab(
  tx: DbOrTx,
  caller: Caller,
  tabId: number,
  lock: boolean,
): Promise<{ tab: TabRow; member: TabMemberRow }> {
  const tab = lock
    ? await lockTab(tx, tabId)
    : ((await tx.select().from(tableTabs).where(eq(tableTabs.id, tabId)).limit(1))[0] ?? null);
  if (!tab) return fail(MESSAGE.notFound);
  const member = await findMember(tx, tab.id, caller);
  if (!member) return fail(MESSAGE.notFound);
  return { tab, member };
}

/** A share online: the gateway's minimum applies, a tip only where the restaurant takes them. */
function priceOnline(
  state: TabState,
  member: TabMemberRow,
  request: ShareRequestInput,
  tip: number,
  caller: Caller,
) {
  return priceShare(
    state,
    domainRequestOf(request),
    { payer: String(member.id), tip, minimum: tabSettingsOf(state.restaurant).minimum },
    caller.lang,
  );
}

/** `tabs.quote`: what a share would come to now, with the refusals of paying it; nothing is held. */
export async function quoteShare(
  ctx: AppContext,
  caller: Caller,
  tabId: number,
  input: { request: ShareRequestInput; tip?: number | undefined },
): Promise<ShareQuote> {
  return ctx.db.transaction(async (tx) => {
    const { tab, member } = await memberTab(tx, caller, tabId, false);
    if (tab.status !== 'open') fail(TAB_MESSAGE.closed);
    const state = await loadTabState(tx, tab, ctx.now());
    const share = priceOnline(state, member, input.request, input.tip ?? 0, caller);
    return quoteOf(share, state.balance.currency, caller);
  });
}

export interface PayShareInput {
  request: ShareRequestInput;
  tip: number;
  method: 'Card' | 'Wallet' | 'Net Banking';
  channel?: string | undefined;
  provider?: string | undefined;
  speed_mode: 'fast' | 'secure';
}

/** What a payShare's idempotency key keeps: the share and payment it started. */
interface StartedShare {
  share_id: number;
  payment_id: number;
}

/**
 * `tabs.payShare` (docs/tabs.md, Shares): in one transaction, the tab locked, the caller a member (404
 * otherwise), the tab open (`tab.error.closed`), holds that ended let go, the share priced
 * ({@link priceShare}), its payment written `initiated` (`purpose: 'tab_share'`, `order_id` the first
 * order it pays, `data.allocation` what it pays of each order, `data.tab_share_id`) beside the share,
 * `pending` and holding what it takes for {@link TAB_SHARE_HOLD_SECONDS}. The gateway is reached after
 * the commit. With an Idempotency-Key, the same key answers the same share and payment.
 */
export async function payShare(ctx: AppContext, caller: Caller, tabId: number, input: PayShareInput) {
  const claim = {
    scope: `tab-share:${tabId}:${caller.user?.id ?? caller.cartToken}`,
    key: caller.idempotencyKey,
    requestHash: hashBody({ tabId, ...input }),
  };
  const done = await ctx.db.transaction(async (tx) => {
    const { tab, member } = await memberTab(tx, caller, tabId, true);
    const key = await claimKey<StartedShare>(tx, claim);
    if (key.replay) return { replay: key.reply };
    if (tab.status !== 'open') fail(TAB_MESSAGE.closed);
    const now = ctx.now();
    const state = await loadTabState(tx, tab, now);
    await voidExpiredShares(tx, state, now);
    const share = priceOnline(state, member, input.request, input.tip, caller);
    const currency = state.balance.currency;
    const allocation = orderAllocationOf(state, share.allocation);
    const first = allocation[0] ?? fail(MESSAGE.paymentAlreadyPaid);
    const settings = settingsOf(state.restaurant);
    const provider = offeredProvider(ctx, settings, currency, input);

    const [row] = await tx
      .insert(tabShares)
      .values({
        tabId: tab.id,
        memberId: member.id,
        state: 'pending',
        request: contractRequestOf(share.request),
        allocation: share.allocation,
        lines: share.lines,
        settles: share.settles,
        tip: share.tip,
        amount: share.amount,
        currency,
        method: input.method,
        holdUntil: new Date(now.getTime() + TAB_SHARE_HOLD_SECONDS * 1000),
        createdAt: now,
      })
      .returning();
    if (!row) return fail(MESSAGE.somethingWentWrong);
    const payment = await insertAttempt(
      tx,
      now,
      {
        orderId: first.order_id,
        fcOrderId: null,
        userId: member.userId,
        cartToken: member.cartToken,
        purpose: TAB_SHARE_PURPOSE,
        provider: provider.name,
        channel: input.channel ?? null,
        method: input.method,
        amount: share.amount,
        currency,
      },
      { allocation, speed_mode: input.speed_mode, is_kiosk: false, tab_share_id: row.id, tab_id: tab.id },
    );
    const [pending] = await tx
      .update(tabShares)
      .set({ paymentId: payment.id })
      .where(eq(tabShares.id, row.id))
      .returning();
    await touchTab(tx, tab.id, now);
    await publishTab(ctx, tx, tab);
    if (key.claimed) await storedReply(tx, key.claimed, { share_id: row.id, payment_id: payment.id });

    const started: StartedAttempt = {
      resumed: false,
      payment,
      provider,
      input: {
        reference: referenceOf(payment),
        amount: share.amount,
        currency,
        method: input.method,
        channel: input.channel,
        description: `${pick(state.restaurant.name, caller.lang)} #${first.order_id}`,
        language: caller.lang,
        ...gatewayUrls(ctx, provider.name, '/payment/response', {
          order_id: String(first.order_id),
          type: 'dinein',
          tab_id: String(tab.id),
          share_id: String(row.id),
          amount: String(share.amount),
          redirect: '1',
          paymentType: input.channel ?? input.method,
          isKiosk: '0',
        }),
        expiresAt: new Date(now.getTime() + GATEWAY_EXPIRY_MINUTES * 60_000),
        qrOnScreen: false,
        customer: await payerOf(tx, caller),
        merchantContact: settings.contact,
      },
    };
    return { started, share: pending ?? row, quote: quoteOf(share, currency, caller) };
  });

  if (done.replay) return replayedShare(ctx, caller, done.replay);
  const payment = await reachGateway(ctx, done.started);
  return { share: shareViewOf(done.share), payment, quote: done.quote };
}

/** The reply of a payShare whose Idempotency-Key was used before: the share and payment it started. */
async function replayedShare(
  ctx: AppContext,
  caller: Caller,
  started: StartedShare,
): Promise<{ share: TabShare; payment: ReturnType<typeof initiatedView>; quote: ShareQuote }> {
  const [share] = await ctx.db.select().from(tabShares).where(eq(tabShares.id, started.share_id));
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, started.payment_id));
  if (!share || !payment) return fail(MESSAGE.notFound);
  return {
    share: shareViewOf(share),
    payment: initiatedView(ctx, payment, true),
    quote: quoteOfRow(share, caller),
  };
}

/**
 * `tabs.cancelShare`: the payer lets go of their share under way; its dishes are free again. Its
 * payment attempt stays: a capture that comes later is paid only if what it took is still owed, else
 * given back whole (model/tab-shares.ts). Another member's share, or one of another tab: 404; a share
 * paid already: `errors.paymentAlreadyPaid`.
 */
export async function cancelShare(
  ctx: AppContext,
  caller: Caller,
  tabId: number,
  shareId: number,
): Promise<{ tab: TabView }> {
  return ctx.db.transaction(async (tx) => {
    const { tab, member } = await memberTab(tx, caller, tabId, true);
    const [share] = await tx
      .select()
      .from(tabShares)
      .where(and(eq(tabShares.id, shareId), eq(tabShares.tabId, tab.id), eq(tabShares.memberId, member.id)))
      .for('update');
    if (!share) return fail(MESSAGE.notFound);
    if (share.state === 'paid') fail(MESSAGE.paymentAlreadyPaid);
    const now = ctx.now();
    if (share.state === 'pending') {
      await tx.update(tabShares).set({ state: 'void', settledAt: now }).where(eq(tabShares.id, share.id));
      await touchTab(tx, tab.id, now);
      await publishTab(ctx, tx, tab);
    }
    const state = await loadTabState(tx, tab, now);
    await voidExpiredShares(tx, state, now);
    return { tab: tabViewOf(state, caller.lang, member.id) };
  });
}

/**
 * `tabs.shareReceipt`: the caller's own share as a receipt (its bill lines labelled in their
 * language); another member's share, or anyone not on the tab: 404.
 */
export async function shareReceipt(ctx: AppContext, caller: Caller, tabId: number, shareId: number) {
  const db = ctx.db;
  const { tab, member } = await memberTab(db, caller, tabId, false);
  const [share] = await db
    .select()
    .from(tabShares)
    .where(and(eq(tabShares.id, shareId), eq(tabShares.tabId, tab.id), eq(tabShares.memberId, member.id)));
  if (!share) return fail(MESSAGE.notFound);
  const [restaurant] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, tab.restaurantId));
  const [table] = await db
    .select({ label: diningTables.displayName })
    .from(diningTables)
    .where(eq(diningTables.id, tab.tableId));
  return {
    share: shareViewOf(share),
    quote: quoteOfRow(share, caller),
    restaurant_name: pick(restaurant?.name, caller.lang),
    table_label: table?.label ?? null,
    paid_epoch:
      share.state === 'paid' && share.settledAt ? Math.floor(share.settledAt.getTime() / 1000) : null,
  };
}

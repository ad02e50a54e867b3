/**
 * Malaysian e-invoices (LHDN MyInvois; spec §7 'e-invoice submit, fetch, user data and taxpayer TIN';
 * FACTS "Tax and charges"). One e-invoice per order (`e_invoices.order_id` is unique): a second submit
 * answers the existing one, except after a rejection ('invalid'), when corrected details may be sent
 * again. Only the caller's own orders at Malaysian restaurants, once paid or completed.
 *
 * Buyers without a TIN get LHDN's general TIN ({@link generalTinFor}): EI00000000010 (general public)
 * for a MyKad or army number or no ID at all, EI00000000020 (foreign buyer) for a passport; a general
 * TIN is not checked with MyInvois (it is nobody's), and the reply says `general_tin_used: true`.
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import {
  generalTinFor,
  isWellFormedIdValue,
  isWellFormedTin,
  normaliseIdValue,
  normaliseTin,
} from '@santap/contract';
import type { EInvoice, EInvoiceBuyer, EInvoiceIdType } from '@santap/contract';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { eInvoices, orders } from '../../../db/schema';
import type { StoredBuyer } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { loadOwnedOrder, ownedBy } from '../../model/orders';
import { loadRestaurant } from '../../model/restaurants';
import {
  MYINVOIS_HOSTS,
  MyInvoisUnavailable,
  fakeMyInvois,
  myInvoisAdapter,
} from '../../adapters/einvoice/myinvois/myinvois';
import type { MyInvoisAdapter } from '../../adapters/einvoice/myinvois/myinvois';
import { supplierOf, documentFor } from './einvoice-document';
import { storedBuyerOf } from '../../model/e-invoices';

type EInvoiceRow = typeof eInvoices.$inferSelect;

/**
 * A claim (status 'submitted' without a document uuid) older than this was left by a request that
 * died between claiming and hearing back from MyInvois; a new submit may take it over.
 */
const ABANDONED_CLAIM_MS = 2 * 60 * 1000;

/** May a new submit replace this e-invoice: rejected, or a claim abandoned mid-submission? */
function replaceable(row: EInvoiceRow, now: Date): boolean {
  if (row.status === 'invalid') return true;
  return (
    row.status === 'submitted' &&
    !row.documentUuid &&
    now.getTime() - row.updatedAt.getTime() > ABANDONED_CLAIM_MS
  );
}

// ---------------------------------------------------------------------------------------------------
// The adapter
// ---------------------------------------------------------------------------------------------------

const adapters = new WeakMap<AppContext, MyInvoisAdapter | null>();
let testAdapter: MyInvoisAdapter | undefined;

/** Tests only: every server in this process uses this adapter; `undefined` restores the configured one. */
export function replaceMyInvoisForTests(adapter: MyInvoisAdapter | undefined) {
  testAdapter = adapter;
}

/** A fetch with a time-out for the real adapter (MyInvois is a secondary service: 10 s). */
const networkFetch: Parameters<typeof myInvoisAdapter>[0]['fetch'] = async (url, init) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });

/** The configured MyInvois (one per server, so its access token is reused), or null when off. */
export function myInvoisFor(ctx: AppContext): MyInvoisAdapter | null {
  if (testAdapter) return testAdapter;
  if (!adapters.has(ctx)) {
    const config = ctx.config.einvoice ?? { adapter: ctx.config.env === 'production' ? 'off' : 'fake' };
    adapters.set(
      ctx,
      config.adapter === 'myinvois'
        ? myInvoisAdapter({ ...config, fetch: networkFetch, now: ctx.now })
        : config.adapter === 'fake'
          ? fakeMyInvois()
          : null,
    );
  }
  return adapters.get(ctx) ?? null;
}

const unavailable = (): never => {
  throw new ApiFailure(MESSAGE.einvoiceUnavailable, 503);
};

// ---------------------------------------------------------------------------------------------------
// The supplier (the restaurant)
// ---------------------------------------------------------------------------------------------------

async function rowOf(db: DbOrTx, orderId: number): Promise<EInvoiceRow | undefined> {
  const [row] = await db.select().from(eInvoices).where(eq(eInvoices.orderId, orderId)).limit(1);
  return row;
}

/** A stored buyer that is not one (written by hand or by other code): refused and logged, never a 500. */
function unreadableBuyer(ctx: AppContext, row: EInvoiceRow): never {
  ctx.log.warn({ orderId: row.orderId }, 'e-invoice buyer unreadable');
  return fail(MESSAGE.somethingWentWrong);
}

function view(ctx: AppContext, row: EInvoiceRow): EInvoice {
  const stored = storedBuyerOf(row.buyer) ?? unreadableBuyer(ctx, row);
  const portal = myInvoisFor(ctx) ?? {
    validationLink: (uuid: string, longId: string) => `${MYINVOIS_HOSTS.prod.portal}/${uuid}/share/${longId}`,
  };
  return {
    order_id: row.orderId,
    status: row.status as EInvoice['status'],
    submission_uid: row.submissionUid || null,
    document_uuid: row.documentUuid,
    long_id: row.longId,
    validation_link:
      row.documentUuid && row.longId ? portal.validationLink(row.documentUuid, row.longId) : null,
    buyer: stored.details,
    tin_used: stored.tinUsed,
    general_tin_used: stored.generalTin,
    errors: (row.errors as { code?: unknown; message?: unknown }[]).map((e) => ({
      code: String(e.code ?? ''),
      message: String(e.message ?? ''),
    })),
    created_epoch: Math.floor(row.createdAt.getTime() / 1000),
  };
}

// ---------------------------------------------------------------------------------------------------
// Submit, fetch, user data, TIN check
// ---------------------------------------------------------------------------------------------------

/** Requests the e-invoice of one of the caller's orders (see the module comment for the rules). */
export async function submitEInvoice(ctx: AppContext, caller: Caller, orderId: number, buyer: EInvoiceBuyer) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  const restaurant = await loadRestaurant(ctx.db, order.restaurantId);
  if (restaurant.country !== 'MY') fail(MESSAGE.einvoiceMalaysiaOnly);
  const existing = await rowOf(ctx.db, order.id);
  if (existing && !replaceable(existing, ctx.now())) return view(ctx, existing);
  if (order.paymentStatus !== 'paid' && order.status !== ORDER_STATUS.COMPLETED)
    fail(MESSAGE.einvoiceOrderNotPaid);

  const adapter = myInvoisFor(ctx) ?? unavailable();
  const supplier = supplierOf(restaurant, adapter.kind) ?? unavailable();
  const generalTin = buyer.tin === null || buyer.tin.startsWith('EI');
  const tinUsed = buyer.tin ?? generalTinFor(buyer.id_type) ?? fail(MESSAGE.tinFormat);
  if (generalTin) {
    if (tinUsed !== generalTinFor(buyer.id_type)) fail(MESSAGE.tinInvalid);
  } else {
    const valid = await adapter
      .validateTin({ tin: tinUsed, idType: buyer.id_type!, idValue: buyer.id_value! })
      .catch((error: unknown) =>
        error instanceof MyInvoisUnavailable ? unavailable() : Promise.reject(error),
      );
    if (!valid) fail(MESSAGE.tinInvalid);
  }
  const { codeNumber, document } = await documentFor(ctx, order, restaurant, supplier, buyer, tinUsed);

  // Claim the order's one e-invoice before calling out, so two requests never submit twice.
  const now = ctx.now();
  const stored: StoredBuyer = { details: buyer, tinUsed, generalTin };
  const fresh = {
    buyer: stored,
    status: 'submitted',
    submissionUid: null,
    documentUuid: null,
    longId: null,
    errors: [],
    updatedAt: now,
  };
  const inserted = await ctx.db
    .insert(eInvoices)
    .values({ orderId: order.id, ...fresh, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: eInvoices.id });
  if (inserted.length === 0) {
    const retried = await ctx.db
      .update(eInvoices)
      .set(fresh)
      .where(
        and(
          eq(eInvoices.orderId, order.id),
          or(
            eq(eInvoices.status, 'invalid'),
            and(
              eq(eInvoices.status, 'submitted'),
              isNull(eInvoices.documentUuid),
              lt(eInvoices.updatedAt, new Date(now.getTime() - ABANDONED_CLAIM_MS)),
            ),
          ),
        ),
      )
      .returning({ id: eInvoices.id });
    if (retried.length === 0) return view(ctx, (await rowOf(ctx.db, order.id))!);
  }

  let result;
  try {
    result = await adapter.submitDocument({ codeNumber, document });
  } catch (error) {
    if (inserted.length > 0) await ctx.db.delete(eInvoices).where(eq(eInvoices.orderId, order.id));
    else {
      await ctx.db
        .update(eInvoices)
        .set({
          status: 'invalid',
          errors: [{ code: 'Unavailable', message: 'MyInvois could not be reached' }],
        })
        .where(eq(eInvoices.orderId, order.id));
    }
    if (error instanceof MyInvoisUnavailable) {
      ctx.log.warn({ err: error, orderId: order.id }, 'e-invoice not submitted');
      return unavailable();
    }
    throw error;
  }
  const [row] = await ctx.db
    .update(eInvoices)
    .set({
      status: result.uuid ? 'submitted' : 'invalid',
      submissionUid: result.submissionUid || null,
      documentUuid: result.uuid,
      errors: result.errors,
      updatedAt: ctx.now(),
    })
    .where(eq(eInvoices.orderId, order.id))
    .returning();
  return view(ctx, row!);
}

/** The e-invoice of one of the caller's orders, its status refreshed from MyInvois while pending. */
export async function fetchEInvoice(ctx: AppContext, caller: Caller, orderId: number) {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  let row: EInvoiceRow | undefined = (await rowOf(ctx.db, order.id)) ?? fail(MESSAGE.notFound);
  const adapter = myInvoisFor(ctx);
  if (row?.status === 'submitted' && row.documentUuid && adapter) {
    try {
      const status = await adapter.getDocumentStatus(row.documentUuid);
      if (status.status !== row.status || status.longId !== row.longId) {
        [row] = await ctx.db
          .update(eInvoices)
          .set({ status: status.status, longId: status.longId, errors: status.errors, updatedAt: ctx.now() })
          .where(eq(eInvoices.id, row.id))
          .returning();
      }
    } catch (error) {
      // The stored status is still true; the next fetch asks again.
      if (!(error instanceof MyInvoisUnavailable)) throw error;
      ctx.log.warn({ err: error, orderId }, 'e-invoice status not refreshed');
    }
  }
  return view(ctx, row!);
}

/** The buyer details the caller used last (their newest e-invoice), to prefill the form. */
export async function lastBuyerOf(ctx: AppContext, caller: Caller): Promise<{ buyer: EInvoiceBuyer | null }> {
  const [row] = await ctx.db
    .select({ buyer: eInvoices.buyer })
    .from(eInvoices)
    .innerJoin(orders, eq(orders.id, eInvoices.orderId))
    .where(ownedBy(caller))
    .orderBy(desc(eInvoices.updatedAt), desc(eInvoices.id))
    .limit(1);
  // An unreadable one prefills nothing: the form starts empty.
  return { buyer: row ? (storedBuyerOf(row.buyer)?.details ?? null) : null };
}

/**
 * 'Validate Taxpayer's TIN' for the form: malformed input is answered here, the rest by MyInvois.
 * Each check may call MyInvois with our credentials: limited per IP and per browser or diner
 * (`tinCheckPerIp`, `tinCheckPerCaller` of lib/limits.ts, shared by every instance).
 */
export async function checkTin(
  ctx: AppContext,
  caller: Caller,
  query: { tin: string; idType: EInvoiceIdType; idValue: string },
) {
  const tin = normaliseTin(query.tin);
  const idType = query.idType;
  const idValue = normaliseIdValue(idType, query.idValue);
  const answer = (valid: boolean, key?: string) => ({
    tin,
    id_type: idType,
    id_value: idValue,
    valid,
    message: valid || !key ? null : caller.t(key),
  });
  if (!isWellFormedTin(tin)) return answer(false, MESSAGE.tinFormat);
  if (!isWellFormedIdValue(idType, idValue)) return answer(false, MESSAGE.idNumberInvalid);
  if (tin.startsWith('EI')) return answer(generalTinFor(idType) === tin, MESSAGE.tinInvalid);
  const adapter = myInvoisFor(ctx) ?? unavailable();
  const valid = await adapter
    .validateTin({ tin, idType, idValue })
    .catch((error: unknown) =>
      error instanceof MyInvoisUnavailable ? unavailable() : Promise.reject(error),
    );
  return answer(valid, MESSAGE.tinInvalid);
}

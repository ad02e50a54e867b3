/**
 * Malaysian e-invoices (LHDN MyInvois; spec §7 'e-invoice submit, fetch, user data and taxpayer TIN';
 * FACTS "Tax and charges"). One e-invoice per order (`e_invoices.order_id` is unique), or per payer's
 * share of a table's tab (`e_invoices.tab_share_id`, unique; apps/api docs/tabs.md, "Receipts and
 * e-invoices per share"): a second submit answers the existing one, except after a rejection
 * ('invalid'), when corrected details may be sent again. Only the caller's own orders at Malaysian
 * restaurants, once paid or completed; only the caller's own shares, once paid.
 *
 * Buyers without a TIN get LHDN's general TIN ({@link generalTinFor}): EI00000000010 (general public)
 * for a MyKad or army number or no ID at all, EI00000000020 (foreign buyer) for a passport; a general
 * TIN is not checked with MyInvois (it is nobody's), and the reply says `general_tin_used: true`.
 */
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  generalTinFor,
  isWellFormedIdValue,
  isWellFormedTin,
  normaliseIdValue,
  normaliseTin,
} from '@santap/contract';
import type { EInvoice, EInvoiceBuyer, EInvoiceIdType } from '@santap/contract';
import { MESSAGE, ORDER_STATUS, TAB_MESSAGE } from '@santap/domain';
import { eInvoices, orders, tabMembers, tabShares } from '../../../db/schema';
import type { StoredBuyer } from '../../../db/schema';
import type { DbOrTx } from '../../../db/client';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { ApiFailure, fail } from '../../../lib/errors';
import { loadOwnedOrder, ownedBy } from '../../model/orders';
import { loadRestaurant } from '../../model/restaurants';
import { memberIdentity, memberRowsOf } from '../../model/tabs';
import {
  MYINVOIS_HOSTS,
  MyInvoisUnavailable,
  fakeMyInvois,
  myInvoisAdapter,
} from '../../adapters/einvoice/myinvois/myinvois';
import type { MyInvoisAdapter } from '../../adapters/einvoice/myinvois/myinvois';
import type { EInvoiceSupplier } from '../../adapters/einvoice/myinvois/ubl';
import { supplierOf, documentFor, shareDocumentFor } from './einvoice-document';
import { storedBuyerOf } from '../../model/e-invoices';
import { loadOwnedShare, shareSource } from './share-source';

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

/** What an e-invoice is for: one order, or one payer's share of a table's tab. */
export type EInvoiceSubject = { orderId: number } | { tabShareId: number };

/** The e-invoice row of the subject (`e_invoices.order_id` or `.tab_share_id`, each unique). */
const subjectIs = (subject: EInvoiceSubject): SQL =>
  'orderId' in subject
    ? eq(eInvoices.orderId, subject.orderId)
    : eq(eInvoices.tabShareId, subject.tabShareId);

async function rowOf(db: DbOrTx, subject: EInvoiceSubject): Promise<EInvoiceRow | undefined> {
  const [row] = await db.select().from(eInvoices).where(subjectIs(subject)).limit(1);
  return row;
}

/** A stored buyer that is not one (written by hand or by other code): refused and logged, never a 500. */
function unreadableBuyer(ctx: AppContext, row: EInvoiceRow): never {
  ctx.log.warn({ orderId: row.orderId, tabShareId: row.tabShareId }, 'e-invoice buyer unreadable');
  return fail(MESSAGE.somethingWentWrong);
}

function view(ctx: AppContext, row: EInvoiceRow): EInvoice {
  const stored = storedBuyerOf(row.buyer) ?? unreadableBuyer(ctx, row);
  const portal = myInvoisFor(ctx) ?? {
    validationLink: (uuid: string, longId: string) => `${MYINVOIS_HOSTS.prod.portal}/${uuid}/share/${longId}`,
  };
  return {
    order_id: row.orderId,
    tab_share_id: row.tabShareId,
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

/** A document ready to submit: its invoice number (the submission's `codeNumber`) and UBL JSON. */
type PreparedDocument = { codeNumber: string; document: Record<string, unknown> };

/**
 * What one subject's submit needs, checked in the module comment's order: the caller's own (404),
 * at a Malaysian restaurant, then the existing e-invoice (answered unless replaceable), then paid;
 * the document is built once the buyer's TIN has been checked (`build`).
 */
type Prepared =
  | { existing: EInvoiceRow }
  | {
      existing?: undefined;
      restaurant: Awaited<ReturnType<typeof loadRestaurant>>;
      build: (supplier: EInvoiceSupplier, buyer: EInvoiceBuyer, tinUsed: string) => Promise<PreparedDocument>;
    };

async function prepareOrder(ctx: AppContext, caller: Caller, orderId: number): Promise<Prepared> {
  const order = await loadOwnedOrder(ctx.db, caller, orderId);
  const restaurant = await loadRestaurant(ctx.db, order.restaurantId);
  if (restaurant.country !== 'MY') fail(MESSAGE.einvoiceMalaysiaOnly);
  const existing = await rowOf(ctx.db, { orderId: order.id });
  if (existing && !replaceable(existing, ctx.now())) return { existing };
  if (order.paymentStatus !== 'paid' && order.status !== ORDER_STATUS.COMPLETED)
    fail(MESSAGE.einvoiceOrderNotPaid);
  return {
    restaurant,
    build: (supplier, buyer, tinUsed) => documentFor(ctx, order, restaurant, supplier, buyer, tinUsed),
  };
}

/** A share's e-invoice: the caller's own share (another's 404), at a Malaysian restaurant, paid. */
async function prepareShare(ctx: AppContext, caller: Caller, shareId: number): Promise<Prepared> {
  const share = await loadOwnedShare(ctx.db, caller, shareId);
  const source = await shareSource(ctx.db, share);
  if (source.restaurant.country !== 'MY') fail(MESSAGE.einvoiceMalaysiaOnly);
  const existing = await rowOf(ctx.db, { tabShareId: share.id });
  if (existing && !replaceable(existing, ctx.now())) return { existing };
  if (share.state !== 'paid') throw new ApiFailure(TAB_MESSAGE.shareNotPaid, 409);
  return {
    restaurant: source.restaurant,
    build: async (supplier, buyer, tinUsed) => {
      try {
        return shareDocumentFor(ctx, source, supplier, buyer, tinUsed);
      } catch (error) {
        // Lines that do not add up (a tax without a rate, a deposit line): kept, logged, refused.
        if (!(error instanceof RangeError)) throw error;
        ctx.log.error({ err: error, tabShareId: share.id }, 'share e-invoice document does not add up');
        return fail(MESSAGE.somethingWentWrong);
      }
    },
  };
}

/**
 * Requests the e-invoice of one of the caller's orders or shares of a table's tab (see the module
 * comment for the rules).
 */
export async function submitEInvoice(
  ctx: AppContext,
  caller: Caller,
  subject: EInvoiceSubject,
  buyer: EInvoiceBuyer,
) {
  const prepared =
    'orderId' in subject
      ? await prepareOrder(ctx, caller, subject.orderId)
      : await prepareShare(ctx, caller, subject.tabShareId);
  if (prepared.existing) return view(ctx, prepared.existing);
  const { restaurant } = prepared;

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
  const { codeNumber, document } = await prepared.build(supplier, buyer, tinUsed);

  // Claim the subject's one e-invoice before calling out, so two requests never submit twice.
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
    .values({
      orderId: 'orderId' in subject ? subject.orderId : null,
      tabShareId: 'tabShareId' in subject ? subject.tabShareId : null,
      ...fresh,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: eInvoices.id });
  if (inserted.length === 0) {
    const retried = await ctx.db
      .update(eInvoices)
      .set(fresh)
      .where(
        and(
          subjectIs(subject),
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
    if (retried.length === 0) return view(ctx, (await rowOf(ctx.db, subject))!);
  }

  let result;
  try {
    result = await adapter.submitDocument({ codeNumber, document });
  } catch (error) {
    if (inserted.length > 0) await ctx.db.delete(eInvoices).where(subjectIs(subject));
    else {
      await ctx.db
        .update(eInvoices)
        .set({
          status: 'invalid',
          errors: [{ code: 'Unavailable', message: 'MyInvois could not be reached' }],
        })
        .where(subjectIs(subject));
    }
    if (error instanceof MyInvoisUnavailable) {
      ctx.log.warn({ err: error, ...subject }, 'e-invoice not submitted');
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
    .where(subjectIs(subject))
    .returning();
  return view(ctx, row!);
}

/**
 * The e-invoice of one of the caller's orders or shares (another's: 404), its status refreshed from
 * MyInvois while pending.
 */
export async function fetchEInvoice(ctx: AppContext, caller: Caller, subject: EInvoiceSubject) {
  const owned: EInvoiceSubject =
    'orderId' in subject
      ? { orderId: (await loadOwnedOrder(ctx.db, caller, subject.orderId)).id }
      : { tabShareId: (await loadOwnedShare(ctx.db, caller, subject.tabShareId)).id };
  let row: EInvoiceRow | undefined = (await rowOf(ctx.db, owned)) ?? fail(MESSAGE.notFound);
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
      ctx.log.warn({ err: error, ...owned }, 'e-invoice status not refreshed');
    }
  }
  return view(ctx, row!);
}

/**
 * The buyer details the caller used last (their newest e-invoice, of an order or of one of their
 * shares of a table's tab), to prefill the form.
 */
export async function lastBuyerOf(ctx: AppContext, caller: Caller): Promise<{ buyer: EInvoiceBuyer | null }> {
  const columns = { buyer: eInvoices.buyer, updatedAt: eInvoices.updatedAt, id: eInvoices.id };
  const newest = desc(eInvoices.updatedAt);
  const [ofOrder, ofShare] = await Promise.all([
    ctx.db
      .select(columns)
      .from(eInvoices)
      .innerJoin(orders, eq(orders.id, eInvoices.orderId))
      .where(ownedBy(caller))
      .orderBy(newest, desc(eInvoices.id))
      .limit(1),
    ctx.db
      .select(columns)
      .from(eInvoices)
      .innerJoin(tabShares, eq(tabShares.id, eInvoices.tabShareId))
      .innerJoin(tabMembers, eq(tabMembers.id, tabShares.memberId))
      .where(memberRowsOf(memberIdentity(caller)))
      .orderBy(newest, desc(eInvoices.id))
      .limit(1),
  ]);
  const row = [...ofOrder, ...ofShare].sort(
    (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id,
  )[0];
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

import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { buildQrText, checkQrAgainstPlan, dynamicQrMessage, parseQr } from '@santap/qr';
import type { QrPayload, QrPlan } from '@santap/qr';
import { diningTables, malls, restaurants } from '../../../db/schema';
import { tableLinksOf } from '../../../db/settings';
import type { AppContext } from '../../context';
import { ApiFailure, fail } from '../../../lib/errors';
import type { TicketProof, TicketTable } from './tickets';

/** HMAC-SHA256 of a QR's canonical message, lowercase hex: what a dynamic QR carries as `sig`. */
export function signQr(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time check of a dynamic QR signature against a restaurant's key. */
export function qrVerifier(secret: string) {
  return (message: string, signature: string) => {
    const expected = Buffer.from(signQr(secret, message));
    const actual = Buffer.from(signature);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
}

/** The text of a dynamic QR valid until `validUntil` (Unix seconds), signed with the restaurant's key. */
export function dynamicQrText(
  origin: string,
  secret: string,
  payload: QrPayload,
  validUntil: number,
): string {
  const signature = signQr(secret, dynamicQrMessage({ ...payload, validUntil }));
  return buildQrText({ ...payload, origin, validUntil, signature });
}

const invalidQr = () => {
  throw new ApiFailure(MESSAGE.invalidQr, 404);
};

/**
 * Checks a scanned QR's dynamic part and the plan: a dynamic QR (v + sig) must verify against the key
 * and be unexpired ('QR Code Expired!' / 'QR Code No Longer Exists!'); a QR of a kind the plan does not
 * allow is rejected (spec §5). The payload's table is as scanned (token or id): a dynamic QR signs the
 * very text it carries. Answers whether the scan was of a verified dynamic QR, and until when it is valid.
 */
function checkScan(
  ctx: AppContext,
  payload: QrPayload,
  plan: number,
  secret: string | undefined,
  v?: string,
  sig?: string,
): { dynamic: boolean; dynamicUntil?: number } {
  const dynamic = v !== undefined || sig !== undefined;
  let text = buildQrText({ ...payload, origin: ctx.config.publicUrl });
  if (dynamic) {
    const url = new URL(text);
    url.searchParams.set('v', v ?? '');
    url.searchParams.set('sig', sig ?? '');
    text = url.toString();
  }
  const parsed = parseQr(text, { now: ctx.now(), ...(secret ? { verify: qrVerifier(secret) } : {}) });
  if (!parsed.ok) {
    throw new ApiFailure(parsed.error, parsed.error === MESSAGE.invalidQr ? 404 : 410);
  }
  const allowed = checkQrAgainstPlan(parsed.qr, plan as QrPlan);
  if (!allowed.ok) fail(MESSAGE.qrNotAllowedByPlan);
  const qr = parsed.qr;
  return 'dynamic' in qr && qr.dynamic ? { dynamic: true, dynamicUntil: qr.validUntil } : { dynamic: false };
}

/**
 * The table a scan names (its token, a string, or its sequential id, a number) among `owner`'s active
 * tables; null when there is none, or when it names an id and the place's `tableLinks` is `token`
 * (docs/tabs.md, Joining): then every id answers as an unknown table does, so nothing tells which
 * tables exist.
 */
async function scannedTable(ctx: AppContext, owner: SQL, ref: number | string, placeSettings: unknown) {
  if (typeof ref === 'number' && tableLinksOf(placeSettings) === 'token') return null;
  const [table] = await ctx.db
    .select()
    .from(diningTables)
    .where(
      and(
        typeof ref === 'string' ? eq(diningTables.token, ref) : eq(diningTables.id, ref),
        owner,
        eq(diningTables.active, true),
      ),
    );
  return table ?? null;
}

/**
 * The table check of a restaurant table's scan (docs/tables-and-qr.md): `tableRef` is the table's token
 * or its sequential id, as the link carries it. Replies with the numeric table id the cart and the
 * order use with the ticket.
 */
export async function restaurantTable(
  ctx: AppContext,
  restaurantId: number,
  tableRef: number | string,
  v?: string,
  sig?: string,
  /** Called once the scan passed every check: the route issues the table ticket (tickets.ts). */
  onChecked?: (table: TicketTable, proof: TicketProof) => void,
) {
  const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) return invalidQr();
  const table = await scannedTable(
    ctx,
    eq(diningTables.restaurantId, restaurantId),
    tableRef,
    restaurant.settings,
  );
  if (!table) return invalidQr();
  const scanned = checkScan(
    ctx,
    { kind: 'table', restaurantId: String(restaurantId), tableId: String(tableRef) },
    restaurant.qrPlan,
    restaurant.qrSecret,
    v,
    sig,
  );
  onChecked?.(
    { restaurantId: restaurant.id, tableId: table.id },
    { ...scanned, token: typeof tableRef === 'string' },
  );
  return {
    table_id: table.id,
    table_no: table.tableNo,
    displayTable: table.displayName,
    restaurant_id: restaurant.id,
    mall: null,
  };
}

/** The table check of a food-court table's scan, by token or id as {@link restaurantTable}. */
export async function foodCourtTable(
  ctx: AppContext,
  slug: string,
  tableRef: number | string,
  v?: string,
  sig?: string,
  onChecked?: (table: TicketTable, proof: TicketProof) => void,
) {
  const [mall] = await ctx.db.select().from(malls).where(eq(malls.slug, slug));
  if (!mall) return invalidQr();
  const table = await scannedTable(ctx, eq(diningTables.mallId, mall.id), tableRef, mall.settings);
  if (!table) return invalidQr();
  const secret = typeof mall.settings.qrSecret === 'string' ? mall.settings.qrSecret : undefined;
  const scanned = checkScan(
    ctx,
    { kind: 'foodCourtTable', mall: slug, tableId: String(tableRef) },
    mall.qrPlan,
    secret,
    v,
    sig,
  );
  onChecked?.({ mallId: mall.id, tableId: table.id }, { ...scanned, token: typeof tableRef === 'string' });
  return {
    table_id: table.id,
    table_no: table.tableNo,
    displayTable: table.displayName,
    restaurant_id: null,
    mall: mall.slug,
  };
}

/** A restaurant's nameid and QR key, for resolving legacy links; null when unknown. */
export async function restaurantQrKey(ctx: AppContext, restaurantId: number) {
  const [row] = await ctx.db
    .select({ nameid: restaurants.nameid, qrSecret: restaurants.qrSecret })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row ?? null;
}

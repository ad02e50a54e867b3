import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { buildQrText, checkQrAgainstPlan, dynamicQrMessage, parseQr } from '@santap/qr';
import type { QrPayload, QrPlan } from '@santap/qr';
import { diningTables, malls, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import { ApiFailure, fail } from '../../../lib/errors';
import type { TicketTable } from './tickets';

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
 * allow is rejected (spec §5).
 */
function checkScan(
  ctx: AppContext,
  payload: QrPayload,
  plan: number,
  secret: string | undefined,
  v?: string,
  sig?: string,
) {
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
}

export async function restaurantTable(
  ctx: AppContext,
  restaurantId: number,
  tableId: number,
  v?: string,
  sig?: string,
  /** Called once the scan passed every check: the route issues the table ticket (tickets.ts). */
  onChecked?: (table: TicketTable) => void,
) {
  const [restaurant] = await ctx.db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant) return invalidQr();
  const [table] = await ctx.db
    .select()
    .from(diningTables)
    .where(
      and(
        eq(diningTables.id, tableId),
        eq(diningTables.restaurantId, restaurantId),
        eq(diningTables.active, true),
      ),
    );
  if (!table) return invalidQr();
  checkScan(
    ctx,
    { kind: 'table', restaurantId: String(restaurantId), tableId: String(tableId) },
    restaurant.qrPlan,
    restaurant.qrSecret,
    v,
    sig,
  );
  onChecked?.({ restaurantId: restaurant.id, tableId: table.id });
  return {
    table_id: table.id,
    table_no: table.tableNo,
    displayTable: table.displayName,
    restaurant_id: restaurant.id,
    mall: null,
  };
}

export async function foodCourtTable(
  ctx: AppContext,
  slug: string,
  tableId: number,
  v?: string,
  sig?: string,
  onChecked?: (table: TicketTable) => void,
) {
  const [mall] = await ctx.db.select().from(malls).where(eq(malls.slug, slug));
  if (!mall) return invalidQr();
  const [table] = await ctx.db
    .select()
    .from(diningTables)
    .where(
      and(eq(diningTables.id, tableId), eq(diningTables.mallId, mall.id), eq(diningTables.active, true)),
    );
  if (!table) return invalidQr();
  const secret = typeof mall.settings.qrSecret === 'string' ? mall.settings.qrSecret : undefined;
  checkScan(
    ctx,
    { kind: 'foodCourtTable', mall: slug, tableId: String(tableId) },
    mall.qrPlan,
    secret,
    v,
    sig,
  );
  onChecked?.({ mallId: mall.id, tableId: table.id });
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

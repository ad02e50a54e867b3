import { eq } from 'drizzle-orm';
import { buildQrText } from '@santap/qr';
import type { QrPayload } from '@santap/qr';
import { diningTables, malls, restaurants } from '../../../db/schema';
import type { AppContext } from '../../context';
import { dynamicQrText } from './scan';

/**
 * The text a table's sticker (or a dynamic QR's screen) carries: the table's random token in the
 * table position, never its sequential id, so one sticker does not lead to the next table
 * (docs/tabs.md, Joining). With `validUntil` (Unix seconds) a dynamic QR, signed over the token with
 * the restaurant's (or mall's) QR key. Null for an unknown table, or a dynamic QR of a place with no
 * key.
 */
export async function tableQrText(
  ctx: AppContext,
  origin: string,
  tableId: number,
  options: { validUntil?: number } = {},
): Promise<string | null> {
  const [table] = await ctx.db
    .select({
      token: diningTables.token,
      restaurantId: diningTables.restaurantId,
      mallId: diningTables.mallId,
    })
    .from(diningTables)
    .where(eq(diningTables.id, tableId));
  if (!table) return null;
  let payload: QrPayload;
  let secret: string | undefined;
  if (table.restaurantId !== null) {
    const [restaurant] = await ctx.db
      .select({ qrSecret: restaurants.qrSecret })
      .from(restaurants)
      .where(eq(restaurants.id, table.restaurantId));
    payload = { kind: 'table', restaurantId: String(table.restaurantId), tableId: table.token };
    secret = restaurant?.qrSecret;
  } else if (table.mallId !== null) {
    const [mall] = await ctx.db
      .select({ slug: malls.slug, settings: malls.settings })
      .from(malls)
      .where(eq(malls.id, table.mallId));
    if (!mall) return null;
    payload = { kind: 'foodCourtTable', mall: mall.slug, tableId: table.token };
    secret = typeof mall.settings.qrSecret === 'string' ? mall.settings.qrSecret : undefined;
  } else {
    return null;
  }
  if (options.validUntil === undefined) return buildQrText({ ...payload, origin });
  return secret ? dynamicQrText(origin, secret, payload, options.validUntil) : null;
}

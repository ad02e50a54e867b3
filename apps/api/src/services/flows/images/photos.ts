/**
 * Staff photo uploads (contract `staff.dishPhoto`, `staff.restaurantPhoto`) and the photo as replies
 * carry it. A manager only, of their own restaurant (another restaurant's dish is 404). The files are
 * written before the row points at them; a file no row names is harmless (content-hashed, immutable).
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import { menuItems, restaurants } from '../../../db/schema';
import type { StoredPhoto } from '../../../db/schema';
import { photoView } from '../../model/photo-view';
import type { AppContext } from '../../context';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { forgetMenu } from '../../../lib/menu-cache';
import { loadRestaurant } from '../../model/restaurants';
import { makePhoto } from '../../adapters/images/pipeline';
import type { ImageStorage } from '../../adapters/images/storage';
import { recordAudit } from '../../model/audit';

function managerOnly(caller: Caller): CallerStaff {
  const member = caller.staff ?? fail(MESSAGE.invalidToken);
  return member.role === 'manager' ? member : fail(MESSAGE.forbidden);
}

/**
 * Makes a photo's sizes and writes every file; refusals (415, 422) come before anything is written.
 * `place`: a restaurant's or outlet's photo, with its link-preview JPEG.
 */
export async function storePhoto(storage: ImageStorage, source: Buffer, place = false): Promise<StoredPhoto> {
  const made = await makePhoto(source, { share: place });
  await Promise.all(made.files.map((file) => storage.put(file.name, file.body, file.contentType)));
  return made.photo;
}

export async function uploadDishPhoto(ctx: AppContext, caller: Caller, itemId: number, body: unknown) {
  const member = managerOnly(caller);
  const [item] = await ctx.db
    .select({ id: menuItems.id })
    .from(menuItems)
    .where(and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, member.restaurantId)))
    .limit(1);
  if (!item) return fail(MESSAGE.notFound);
  const photo = await storePhoto(ctx.images, uploadedBytes(body));
  await ctx.db.transaction(async (tx) => {
    const owned = and(eq(menuItems.id, itemId), eq(menuItems.restaurantId, member.restaurantId));
    const [before] = await tx.select({ photo: menuItems.photo }).from(menuItems).where(owned).for('update');
    if (!before) return fail(MESSAGE.notFound);
    await tx.update(menuItems).set({ photo, updatedAt: ctx.now() }).where(owned);
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'menu.item',
      subject: ['menu_item', itemId],
      before: { photo: before.photo?.hash ?? null },
      after: { photo: photo.hash },
    });
  });
  forgetMenu(ctx, await loadRestaurant(ctx.db, member.restaurantId));
  return { photo: photoView(photo)! };
}

export async function uploadRestaurantPhoto(ctx: AppContext, caller: Caller, body: unknown) {
  const member = managerOnly(caller);
  const photo = await storePhoto(ctx.images, uploadedBytes(body), true);
  await ctx.db.transaction(async (tx) => {
    const own = eq(restaurants.id, member.restaurantId);
    const [before] = await tx.select({ photo: restaurants.photo }).from(restaurants).where(own).for('update');
    await tx.update(restaurants).set({ photo }).where(own);
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'settings.change',
      subject: ['restaurant', member.restaurantId],
      before: { photo: before?.photo?.hash ?? null },
      after: { photo: photo.hash },
    });
  });
  forgetMenu(ctx, await loadRestaurant(ctx.db, member.restaurantId));
  return { photo: photoView(photo)! };
}

/** The upload's bytes (the route's parser hands a Buffer); anything else is not an image. */
function uploadedBytes(body: unknown): Buffer {
  return Buffer.isBuffer(body) && body.length > 0 ? body : fail(MESSAGE.imageNotAnImage);
}

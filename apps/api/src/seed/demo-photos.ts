/**
 * The demo's photos (README "Demo photos"): the hand-drawn illustrations of `photos/` rendered through
 * the photo pipeline of an upload and stored in the image storage, for the demo dishes they show and
 * a header per restaurant (its dishes on a tablecloth in its colour). Only rows without a photo are
 * filled, so a photo a manager uploaded is never replaced; a dish no illustration fits keeps none and
 * shows the apps' fallback. Runs after start-up (main.ts), one image at a time: rendering every size
 * in AVIF takes some seconds, and the demo is usable meanwhile.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { menuItems, restaurants } from '../db/schema';
import type { StoredPhoto } from '../db/schema';
import type { AppContext } from '../services/context';
import { forgetMenu } from '../lib/menu-cache';
import { storePhoto } from '../services/flows/images/photos';
import type { IllustrationName } from './photos/illustrations';
import { dishScene, placeScene } from './photos/scenes';

/** Which illustration shows a dish, by its English name (first match wins). */
export const DISH_ILLUSTRATIONS: readonly (readonly [RegExp, IllustrationName])[] = [
  [/nasi lemak/i, 'nasiLemak'],
  [
    /^(roti (canai|tisu|telur|bawang|planta|sardin|pisang)|murtabak|capati|chapati|tosai|thosai)/i,
    'rotiCanai',
  ],
  [
    /char kway teow|kway teow|wat tan hor|hokkien mee|mee goreng|maggi goreng|mie goreng|ckt/i,
    'charKwayTeow',
  ],
  [/^(sate|satay)/i, 'satay'],
  [/teh tarik|teh halia|milo|neslo|kopi susu|cham/i, 'tehTarik'],
  [/^kopi|coffee/i, 'kopi'],
  [
    /laksa|soto|bakso|mee rebus|curry mee|coto|^sop |^sup |wantan|wonton|pan mee|mie ayam|fishball|noodle soup/i,
    'noodleSoup',
  ],
  [/nasi goreng|fried rice/i, 'nasiGoreng'],
  [/cendol|ais kacang|es campur|abc/i, 'cendol'],
];

export function illustrationOf(name: string): IllustrationName | undefined {
  return DISH_ILLUSTRATIONS.find(([pattern]) => pattern.test(name))?.[1];
}

/** A stable hue (0–359) per restaurant, for its tablecloth. */
function hueOf(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Renders an SVG scene to PNG, then through the upload pipeline; the same scene is made once. */
async function render(ctx: Pick<AppContext, 'images'>, svg: string, place: boolean): Promise<StoredPhoto> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return storePhoto(ctx.images, png, place);
}

/** Fills the photos of the dishes and restaurants that have none; the number of rows given one. */
export async function seedDemoPhotos(
  ctx: Pick<AppContext, 'db' | 'database' | 'images'>,
  /** Only these restaurants (tests); absent: every one. */
  only?: readonly number[],
): Promise<number> {
  const made = new Map<string, Promise<StoredPhoto>>();
  const once = (key: string, svg: () => string, place = false) => {
    let photo = made.get(key);
    if (!photo) made.set(key, (photo = render(ctx, svg(), place)));
    return photo;
  };
  const dishes = await ctx.db
    .select({ id: menuItems.id, restaurantId: menuItems.restaurantId, name: menuItems.name })
    .from(menuItems)
    .where(and(isNull(menuItems.photo), only ? inArray(menuItems.restaurantId, [...only]) : undefined))
    .orderBy(menuItems.restaurantId, menuItems.sort, menuItems.id);
  const places = await ctx.db
    .select()
    .from(restaurants)
    .where(and(isNull(restaurants.photo), only ? inArray(restaurants.id, [...only]) : undefined))
    .orderBy(restaurants.id);
  let filled = 0;
  const shownAt = new Map<number, IllustrationName[]>();
  for (const dish of dishes) {
    const illustration = illustrationOf(dish.name.en);
    if (!illustration) continue;
    const shown = shownAt.get(dish.restaurantId) ?? [];
    if (!shown.includes(illustration)) shownAt.set(dish.restaurantId, [...shown, illustration]);
    const photo = await once(illustration, () => dishScene(illustration));
    await ctx.db.update(menuItems).set({ photo }).where(eq(menuItems.id, dish.id));
    filled++;
  }
  for (const place of places) {
    const shown = shownAt.get(place.id) ?? [];
    if (shown.length === 0) continue;
    const hue = hueOf(place.nameid);
    const photo = await once(`${place.nameid}`, () => placeScene(shown, hue), true);
    await ctx.db.update(restaurants).set({ photo }).where(eq(restaurants.id, place.id));
    forgetMenu(ctx, place);
    filled++;
  }
  return filled;
}

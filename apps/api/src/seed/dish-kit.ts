/**
 * Small building blocks for the demo data: translated text, the dish record and its generated
 * image. Kept apart from the data tables so those stay tables.
 */
import type { Translated } from '../db/schema';

/** Translated text in the product's three languages, in the fixed order en, id, my. */
export function t(en: string, id: string, my: string): Translated {
  return { en, id, my };
}

/** The allergen categories of spec §3 (allergy item). */
export const ALLERGENS = ['gluten', 'fish', 'nuts', 'seafood', 'shellfish'] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** Per-serving nutrition: kcal, then grams of protein, carbohydrate and fat. */
export type Nutrition = { kcal: number; protein: number; carbs: number; fat: number };

/**
 * A dish as the kitchen knows it, before a restaurant prices it: name and description per
 * language, nutrition, allergens and the two facts that decide the diet flags.
 */
export type Dish = {
  name: Translated;
  description: Translated;
  nutrition: Nutrition;
  allergens: Allergen[];
  pork: boolean;
  alcohol: boolean;
  voucher: boolean;
};

type DishText = {
  en: [name: string, description: string];
  id: [name: string, description: string];
  my: [name: string, description: string];
  pork?: true;
  alcohol?: true;
  voucher?: true;
};

/**
 * One row of a dish table: `[kcal, protein, carbs, fat]`, allergens, then name and description per
 * language (plus `pork`, `alcohol` or `voucher` where true).
 *
 * @example
 * ```ts
 * dish([160, 4, 26, 4], [], {
 *   en: ['Teh Tarik', 'Strong black tea pulled with condensed milk'],
 *   id: ['Teh Tarik', 'Teh hitam pekat dengan susu kental manis'],
 *   my: ['Teh Tarik', 'Teh pekat dengan susu pekat manis'],
 * });
 * ```
 */
export function dish(
  [kcal, protein, carbs, fat]: [number, number, number, number],
  allergens: Allergen[],
  text: DishText,
): Dish {
  return {
    name: t(text.en[0], text.id[0], text.my[0]),
    description: t(text.en[1], text.id[1], text.my[1]),
    nutrition: { kcal, protein, carbs, fat },
    allergens,
    pork: text.pork ?? false,
    alcohol: text.alcohol ?? false,
    voucher: text.voucher ?? false,
  };
}

/** Prefix of every generated dish image (`menu_items.image`). */
export const DISH_IMAGE_PREFIX = 'data:image/svg+xml;utf8,';

/** Up to two initials from the words of a name that start with a letter: 'Nasi Lemak' -> 'NL'. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .filter((first) => /\p{L}/u.test(first));
  return letters.slice(0, 2).join('').toUpperCase();
}

/** A stable hue (0–359) per key, so a dish keeps its colour across restaurants and restarts. */
function hueOf(key: string): number {
  let hash = 0;
  for (const char of key) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/**
 * A generated dish picture (no network, no files): a coloured plate with the dish initials, as a
 * URL-encoded SVG data URI of about 450 bytes.
 */
export function dishImage(name: string, key: string): string {
  const hue = hueOf(key);
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'>` +
    `<rect width='96' height='96' fill='hsl(${hue} 45% 92%)'/>` +
    `<circle cx='48' cy='48' r='40' fill='#fff' stroke='#ddd' stroke-width='3'/>` +
    `<circle cx='48' cy='48' r='30' fill='hsl(${hue} 60% 45%)'/>` +
    `<text x='48' y='57' font-family='sans-serif' font-size='24' font-weight='700' ` +
    `text-anchor='middle' fill='#fff'>${initialsOf(name)}</text></svg>`;
  return DISH_IMAGE_PREFIX + encodeURIComponent(svg);
}

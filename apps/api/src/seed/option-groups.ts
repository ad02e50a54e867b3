/**
 * Option groups of the demo menus (spec §5: choose one, choose any, or up to a maximum), priced in
 * minor units: `MY_GROUPS` in sen, `ID_GROUPS` in rupiah. Choose-one groups are always required;
 * choose-any and up-to groups never are.
 */
import type { MenuOptionGroupRow, Translated } from '../db/schema';
import { t } from './dish-kit';

type OptionSpec = [id: string, name: Translated, price?: number];

function options(specs: OptionSpec[]): MenuOptionGroupRow['options'] {
  return specs.map(([id, name, price = 0]) => ({ id, name, price, available: true }));
}

/** Choose exactly one (a variant: size, spice level, hot or iced). */
function one(id: string, name: Translated, specs: OptionSpec[]): MenuOptionGroupRow {
  return { id, name, kind: 'one', required: true, options: options(specs) };
}

/** Choose any number (add-ons). */
function any(id: string, name: Translated, specs: OptionSpec[]): MenuOptionGroupRow {
  return { id, name, kind: 'any', required: false, options: options(specs) };
}

/** Choose up to `max` ('You have reached the maximum limit for this section/add-on'). */
function upTo(id: string, name: Translated, max: number, specs: OptionSpec[]): MenuOptionGroupRow {
  return { id, name, kind: 'upTo', required: false, max, options: options(specs) };
}

/**
 * A copy of `group` where the named options are sold out today, for the spec §8 'variant
 * unavailable' case.
 */
export function withUnavailable(group: MenuOptionGroupRow, ...optionIds: string[]): MenuOptionGroupRow {
  return {
    ...group,
    options: group.options.map((option) =>
      optionIds.includes(option.id) ? { ...option, available: false } : option,
    ),
  };
}

const sweetness = [
  ['normal', t('Normal', 'Normal', 'Biasa')],
  ['less', t('Less sweet', 'Kurang manis', 'Kurang manis')],
  ['none', t('No sugar', 'Tanpa gula', 'Kosong')],
] satisfies OptionSpec[];

/** Malaysian groups, prices in sen. */
export const MY_GROUPS = {
  spice: one('spice', t('Spice level', 'Tingkat kepedasan', 'Tahap kepedasan'), [
    ['mild', t('Not spicy', 'Tidak pedas', 'Tidak pedas')],
    ['medium', t('Medium', 'Sedang', 'Sederhana')],
    ['hot', t('Extra spicy', 'Ekstra pedas', 'Sangat pedas')],
  ]),
  temperature: one('temperature', t('Hot or iced', 'Panas atau dingin', 'Panas atau sejuk'), [
    ['hot', t('Hot', 'Panas', 'Panas')],
    ['iced', t('Iced', 'Pakai es', 'Ais'), 20],
  ]),
  sweetness: one('sweetness', t('Sweetness', 'Tingkat manis', 'Tahap manis'), sweetness),
  drinkSize: one('size', t('Size', 'Ukuran', 'Saiz'), [
    ['regular', t('Regular', 'Reguler', 'Biasa')],
    ['large', t('Large', 'Besar', 'Besar'), 100],
  ]),
  portion: one('portion', t('Portion', 'Porsi', 'Saiz hidangan'), [
    ['regular', t('Regular', 'Biasa', 'Biasa')],
    ['large', t('Large', 'Besar', 'Besar'), 300],
  ]),
  dryOrSoup: one('style', t('Dry or soup', 'Kering atau berkuah', 'Kering atau sup'), [
    ['dry', t('Dry', 'Kering', 'Kering')],
    ['soup', t('Soup', 'Berkuah', 'Sup')],
  ]),
  noodleChoice: one('noodles', t('Noodles', 'Jenis mi', 'Jenis mi'), [
    ['yellow', t('Yellow noodles', 'Mi kuning', 'Mi kuning')],
    ['beehoon', t('Rice vermicelli', 'Bihun', 'Bihun')],
    ['kwayteow', t('Flat rice noodles', 'Kwetiau', 'Kuey teow')],
  ]),
  satayPortion: one('portion', t('Portion', 'Porsi', 'Hidangan'), [
    ['10', t('10 sticks', '10 tusuk', '10 cucuk')],
    ['20', t('20 sticks', '20 tusuk', '20 cucuk'), 1400],
  ]),
  toastSpread: one('spread', t('Spread', 'Olesan', 'Sapuan'), [
    ['kaya-butter', t('Kaya and butter', 'Srikaya dan mentega', 'Kaya dan mentega')],
    ['kaya', t('Kaya only', 'Srikaya saja', 'Kaya sahaja')],
    ['butter-sugar', t('Butter and sugar', 'Mentega dan gula', 'Mentega dan gula')],
  ]),
  wokPortion: one('portion', t('Portion', 'Porsi', 'Saiz hidangan'), [
    ['small', t('Small (1–2 people)', 'Kecil (1–2 orang)', 'Kecil (1–2 orang)')],
    ['medium', t('Medium (3–4 people)', 'Sedang (3–4 orang)', 'Sederhana (3–4 orang)'), 600],
    ['large', t('Large (5–6 people)', 'Besar (5–6 orang)', 'Besar (5–6 orang)'), 1200],
  ]),
  nasiLemakSides: any('sides', t('Add sides', 'Tambah lauk', 'Tambah lauk'), [
    ['chicken', t('Fried chicken', 'Ayam goreng', 'Ayam goreng'), 500],
    ['rendang', t('Beef rendang', 'Rendang sapi', 'Rendang daging'), 650],
    ['squid', t('Sambal squid', 'Cumi sambal', 'Sambal sotong'), 600],
    ['egg', t('Fried egg', 'Telur ceplok', 'Telur mata'), 150],
    ['sambal', t('Extra sambal', 'Tambah sambal', 'Tambah sambal'), 100],
  ]),
  wokExtras: any('extras', t('Extras', 'Tambahan', 'Tambahan'), [
    ['egg', t('Fried egg', 'Telur ceplok', 'Telur mata'), 150],
    ['chicken', t('Extra chicken', 'Tambah ayam', 'Tambah ayam'), 400],
    ['prawns', t('Prawns', 'Udang', 'Udang'), 500],
  ]),
  rotiExtras: any('extras', t('Extras', 'Tambahan', 'Tambahan'), [
    ['egg', t('Egg', 'Telur', 'Telur'), 120],
    ['onion', t('Onion', 'Bawang', 'Bawang'), 80],
    ['cheese', t('Cheese', 'Keju', 'Keju'), 250],
  ]),
  cktExtras: any('extras', t('Extras', 'Tambahan', 'Tambahan'), [
    ['prawns', t('Extra prawns', 'Tambah udang', 'Tambah udang'), 300],
    ['cockles', t('Extra cockles', 'Tambah kerang', 'Tambah kerang'), 200],
    ['duck-egg', t('Duck egg', 'Telur bebek', 'Telur itik'), 150],
  ]),
  drinkAddOns: any('add-ons', t('Add-ons', 'Tambahan', 'Tambahan'), [
    ['strong', t('Extra strong', 'Lebih kental', 'Lebih pekat'), 50],
    ['cincau', t('Grass jelly', 'Cincau', 'Cincau'), 100],
    ['milo', t('Milo powder on top', 'Taburan bubuk Milo', 'Taburan serbuk Milo'), 100],
  ]),
  rotiCurry: upTo('curry', t('Curry (up to 2)', 'Kuah kari (maks. 2)', 'Kuah (maksimum 2)'), 2, [
    ['dhal', t('Dhal', 'Kari dal', 'Kuah dal')],
    ['chicken', t('Chicken curry', 'Kari ayam', 'Kari ayam')],
    ['fish', t('Fish curry', 'Kari ikan', 'Kari ikan')],
    ['sambal', t('Sambal', 'Sambal', 'Sambal'), 50],
  ]),
  gravy: upTo('gravy', t('Gravy (up to 2)', 'Kuah (maks. 2)', 'Kuah banjir (maksimum 2)'), 2, [
    ['chicken', t('Chicken curry', 'Kari ayam', 'Kuah kari ayam')],
    ['fish', t('Fish curry', 'Kari ikan', 'Kuah kari ikan')],
    ['dhal', t('Dhal', 'Kari dal', 'Kuah dal')],
    ['rendang', t('Rendang gravy', 'Kuah rendang', 'Kuah rendang'), 50],
  ]),
  satayExtras: upTo('extras', t('Extras (up to 2)', 'Tambahan (maks. 2)', 'Tambahan (maksimum 2)'), 2, [
    ['ketupat', t('Rice cakes', 'Ketupat', 'Nasi impit'), 150],
    ['sauce', t('Extra peanut sauce', 'Tambah saus kacang', 'Tambah kuah kacang'), 100],
    ['cucumber', t('Cucumber and onion', 'Timun dan bawang', 'Timun dan bawang'), 50],
  ]),
  sauces: upTo('sauces', t('Sauces (up to 2)', 'Saus (maks. 2)', 'Sos (maksimum 2)'), 2, [
    ['sweet', t('Sweet sauce', 'Saus manis', 'Sos manis')],
    ['chilli', t('Chilli sauce', 'Saus cabai', 'Sos cili')],
    ['curry', t('Curry gravy', 'Kuah kari', 'Kuah kari'), 100],
    ['sesame', t('Sesame seeds', 'Wijen', 'Bijan')],
  ]),
  dessertToppings: upTo('toppings', t('Toppings (up to 2)', 'Topping (maks. 2)', 'Hiasan (maksimum 2)'), 2, [
    ['beans', t('Red beans', 'Kacang merah', 'Kacang merah'), 100],
    ['corn', t('Sweet corn', 'Jagung manis', 'Jagung manis'), 100],
    ['durian', t('Durian', 'Durian', 'Durian'), 300],
    ['ice-cream', t('Ice cream', 'Es krim', 'Aiskrim'), 250],
  ]),
  wokSides: upTo('sides', t('Sides (up to 2)', 'Pelengkap (maks. 2)', 'Sampingan (maksimum 2)'), 2, [
    ['rice', t('Steamed rice', 'Nasi putih', 'Nasi putih'), 200],
    ['egg', t('Fried egg', 'Telur ceplok', 'Telur mata'), 150],
    ['greens', t('Stir-fried greens', 'Tumis sayur', 'Sayur goreng'), 400],
  ]),
} satisfies Record<string, MenuOptionGroupRow>;

/** Indonesian groups, prices in rupiah. */
export const ID_GROUPS = {
  spice: one('spice', t('Spice level', 'Level pedas', 'Tahap kepedasan'), [
    ['0', t('Not spicy', 'Tidak pedas', 'Tidak pedas')],
    ['1', t('Medium', 'Sedang', 'Sederhana')],
    ['2', t('Hot', 'Pedas', 'Pedas')],
    ['3', t('Extra hot', 'Pedas banget', 'Sangat pedas'), 2000],
  ]),
  temperature: one('temperature', t('Iced or hot', 'Es atau hangat', 'Ais atau panas'), [
    ['iced', t('Iced', 'Es', 'Ais')],
    ['hot', t('Hot', 'Hangat', 'Panas')],
  ]),
  sweetness: one('sweetness', t('Sweetness', 'Tingkat manis', 'Tahap manis'), sweetness),
  portion: one('portion', t('Portion', 'Porsi', 'Saiz hidangan'), [
    ['regular', t('Regular', 'Biasa', 'Biasa')],
    ['jumbo', t('Jumbo', 'Jumbo', 'Jumbo'), 8000],
  ]),
  satayPortion: one('portion', t('Portion', 'Porsi', 'Hidangan'), [
    ['10', t('10 skewers', '10 tusuk', '10 cucuk')],
    ['20', t('20 skewers', '20 tusuk', '20 cucuk'), 25000],
  ]),
  cotoFilling: one('filling', t('Filling', 'Isian', 'Isi'), [
    ['daging', t('Beef', 'Daging', 'Daging')],
    ['campur', t('Mixed beef and offal', 'Campur', 'Campur')],
    ['babat', t('Tripe', 'Babat', 'Perut')],
    ['paru', t('Lung', 'Paru', 'Paru')],
    ['hati', t('Liver', 'Hati', 'Hati')],
  ]),
  epeSauce: one('sauce', t('Sauce', 'Saus', 'Sos'), [
    ['gula-merah', t('Palm sugar', 'Gula merah', 'Gula merah')],
    ['durian', t('Durian', 'Durian', 'Durian'), 5000],
    ['cokelat-keju', t('Chocolate and cheese', 'Cokelat keju', 'Coklat keju'), 5000],
  ]),
  riceExtras: any('extras', t('Extras', 'Tambahan', 'Tambahan'), [
    ['egg', t('Fried egg', 'Telur ceplok', 'Telur mata'), 5000],
    ['tempeh', t('Fried tempeh', 'Tempe goreng', 'Tempe goreng'), 3000],
    ['tofu', t('Fried tofu', 'Tahu goreng', 'Tauhu goreng'), 3000],
    ['crackers', t('Prawn crackers', 'Kerupuk udang', 'Keropok udang'), 3000],
  ]),
  cotoSides: any('sides', t('Add sides', 'Tambah pelengkap', 'Tambah lauk'), [
    ['ketupat', t('Ketupat', 'Ketupat', 'Ketupat'), 4000],
    ['burasa', t('Burasa', 'Burasa', 'Burasa'), 5000],
    ['egg', t('Boiled egg', 'Telur rebus', 'Telur rebus'), 5000],
    ['meat', t('Extra beef', 'Tambah daging', 'Tambah daging'), 15000],
  ]),
  sambal: upTo('sambal', t('Sambal (up to 2)', 'Sambal (maks. 2)', 'Sambal (maksimum 2)'), 2, [
    ['terasi', t('Shrimp paste sambal', 'Sambal terasi', 'Sambal belacan')],
    ['matah', t('Raw shallot sambal', 'Sambal matah', 'Sambal matah')],
    ['ijo', t('Green chilli sambal', 'Sambal ijo', 'Sambal cili hijau')],
    ['bawang', t('Garlic sambal', 'Sambal bawang', 'Sambal bawang putih')],
  ]),
  esToppings: upTo('toppings', t('Toppings (up to 3)', 'Topping (maks. 3)', 'Hiasan (maksimum 3)'), 3, [
    ['cincau', t('Grass jelly', 'Cincau', 'Cincau'), 3000],
    ['kelapa', t('Young coconut', 'Kelapa muda', 'Kelapa muda'), 4000],
    ['nangka', t('Jackfruit', 'Nangka', 'Nangka'), 4000],
    ['alpukat', t('Avocado', 'Alpukat', 'Avokado'), 5000],
    ['susu', t('Condensed milk', 'Susu kental manis', 'Susu pekat'), 2000],
  ]),
} satisfies Record<string, MenuOptionGroupRow>;

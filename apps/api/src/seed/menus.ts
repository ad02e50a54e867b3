/**
 * The hand-written demo menus: kopitiam-ali, warung-sari, coto-makassar and the four food-court
 * outlets. Each has 25+ dishes in 4–6 categories, option groups of all three kinds, a couple of
 * best sellers and exactly one dish out of stock. Prices in minor units (sen, rupiah).
 */
import { t } from './dish-kit';
import type { CategorySpec } from './menu-kit';
import { entry } from './menu-kit';
import { ID_GROUPS as ID, MY_GROUPS as MY, withUnavailable } from './option-groups';

/** Category names shared by the demo menus. */
export const CATEGORY = {
  riceNoodles: t('Rice & Noodles', 'Nasi & Mi', 'Nasi & Mi'),
  breads: t('Roti & Toast', 'Roti & Roti Bakar', 'Roti & Roti Bakar'),
  sides: t('Sides & Snacks', 'Lauk & Camilan', 'Lauk & Snek'),
  desserts: t('Desserts', 'Hidangan Penutup', 'Pencuci Mulut'),
  drinks: t('Drinks', 'Minuman', 'Minuman'),
  vouchers: t('Gift Vouchers', 'Voucher Hadiah', 'Baucar Hadiah'),
  rice: t('Rice', 'Nasi', 'Nasi'),
  sotoNoodles: t('Soto & Noodles', 'Soto & Mi', 'Soto & Mi'),
  satay: t('Satay & Sides', 'Sate & Lauk', 'Sate & Lauk'),
  snacksSweets: t('Snacks & Sweets', 'Jajanan', 'Kuih-Muih & Snek'),
  cotoSoups: t('Coto & Soups', 'Coto & Sop', 'Coto & Sup'),
  grilledFried: t('Grilled & Fried', 'Bakar & Goreng', 'Bakar & Goreng'),
  accompaniments: t('Accompaniments', 'Pelengkap', 'Lauk Sampingan'),
  sweetsIce: t('Sweets & Shaved Ice', 'Kue & Es', 'Kuih & Ais'),
  nasiLemak: t('Nasi Lemak', 'Nasi Lemak', 'Nasi Lemak'),
  extraSides: t('Extra Sides', 'Lauk Tambahan', 'Lauk Tambahan'),
  kuih: t('Kuih', 'Kue Tradisional', 'Kuih-Muih'),
  noodles: t('Noodles', 'Mi', 'Mi'),
  roastRice: t('Roast Meat & Rice', 'Nasi & Panggang', 'Nasi & Daging Panggang'),
  smallPlates: t('Small Plates', 'Hidangan Kecil', 'Hidangan Kecil'),
  roti: t('Roti', 'Roti', 'Roti'),
  thosai: t('Thosai & Chapati', 'Dosa & Chapati', 'Tosai & Capati'),
  tea: t('Tea', 'Teh', 'Teh'),
  coffee: t('Coffee & Malt', 'Kopi & Malt', 'Kopi & Malt'),
  coldDrinks: t('Cold Drinks', 'Minuman Dingin', 'Minuman Sejuk'),
  toastKuih: t('Toast & Kuih', 'Roti Bakar & Kue', 'Roti Bakar & Kuih'),
};

const HOT_DRINK = [MY.temperature, MY.sweetness];

/** 1001 kopitiam-ali: halal kopitiam in Kuala Lumpur (MYR). */
export const KOPITIAM_ALI_MENU: CategorySpec[] = [
  {
    name: CATEGORY.riceNoodles,
    packaging: 50,
    items: [
      entry('nasi-lemak', 650, [withUnavailable(MY.nasiLemakSides, 'squid')], 'best'),
      entry('nasi-lemak-ayam', 1290, [withUnavailable(MY.nasiLemakSides, 'squid')]),
      entry('nasi-lemak-rendang', 1390),
      entry('nasi-goreng-kampung', 1090, [MY.spice, MY.wokExtras]),
      entry('nasi-goreng-pattaya', 1190, [MY.spice]),
      entry('mee-goreng-mamak', 990, [MY.spice, MY.wokExtras]),
      entry('maggi-goreng', 850, [MY.spice, MY.wokExtras]),
      entry('mee-rebus', 950),
      entry('curry-laksa', 1250, [MY.noodleChoice, MY.spice]),
    ],
  },
  {
    name: CATEGORY.breads,
    packaging: 30,
    items: [
      entry('roti-canai', 180, [MY.rotiCurry, MY.rotiExtras], 'best'),
      entry('roti-telur', 300, [MY.rotiCurry]),
      entry('roti-bawang', 280, [MY.rotiCurry]),
      entry('roti-tisu', 450),
      entry('murtabak-ayam', 900, [MY.rotiCurry]),
      entry('roti-bakar-kaya', 380, [MY.toastSpread]),
      entry('telur-separuh-masak', 320),
      entry('roti-john', 890, [MY.spice]),
    ],
  },
  {
    name: CATEGORY.sides,
    packaging: 30,
    items: [
      entry('sate-ayam', 1500, [MY.satayPortion, MY.satayExtras]),
      entry('ayam-goreng-berempah', 750),
      entry('pisang-goreng', 450),
      entry('karipap', 300),
      entry('cucur-udang', 550, [], 'out'),
    ],
  },
  {
    name: CATEGORY.desserts,
    packaging: 30,
    items: [
      entry('cendol', 590, [MY.dessertToppings]),
      entry('ais-kacang', 690, [MY.dessertToppings]),
      entry('bubur-kacang-hijau', 450),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 20,
    items: [
      entry('teh-tarik', 280, [...HOT_DRINK, MY.drinkSize], 'best'),
      entry('kopi-o', 220, HOT_DRINK),
      entry('kopi', 260, [...HOT_DRINK, MY.drinkAddOns]),
      entry('teh-halia', 320, [MY.temperature]),
      entry('milo-ais', 380, [MY.drinkSize]),
      entry('sirap-bandung', 320),
      entry('limau-ais', 300, [MY.sweetness]),
      entry('barli-ais', 300),
    ],
  },
  { name: CATEGORY.vouchers, items: [entry('voucher-rm20', 2000)] },
];

/** 1002 warung-sari: halal Jakarta home cooking (IDR). */
export const WARUNG_SARI_MENU: CategorySpec[] = [
  {
    name: CATEGORY.rice,
    packaging: 2000,
    items: [
      entry('nasi-goreng', 28000, [ID.spice, ID.riceExtras], 'best'),
      entry('nasi-uduk', 25000, [ID.riceExtras, ID.sambal]),
      entry('nasi-kuning', 23000, [ID.riceExtras]),
      entry('nasi-campur', 32000, [ID.sambal]),
      entry('nasi-rawon', 35000),
      entry('ayam-penyet', 30000, [ID.spice]),
      entry('pecel-lele', 25000, [ID.spice]),
      entry('ayam-bakar', 32000, [ID.sambal]),
    ],
  },
  {
    name: CATEGORY.sotoNoodles,
    packaging: 2000,
    items: [
      entry('soto-betawi', 38000, [ID.portion], 'best'),
      entry('soto-ayam', 25000, [ID.portion]),
      entry('bakso', 25000, [ID.portion]),
      entry('mie-ayam', 22000, [ID.portion]),
      entry('mie-goreng-jawa', 26000, [ID.spice]),
      entry('sop-buntut', 55000, [], 'out'),
    ],
  },
  {
    name: CATEGORY.satay,
    packaging: 1000,
    items: [
      entry('sate-ayam-madura', 30000, [ID.satayPortion]),
      entry('sate-kambing', 45000, [ID.satayPortion]),
      entry('gado-gado', 25000, [ID.spice]),
      entry('ketoprak', 22000, [ID.spice]),
      entry('tempe-mendoan', 12000),
      entry('tahu-telur', 20000),
      entry('perkedel', 5000),
      entry('kerupuk', 4000),
    ],
  },
  {
    name: CATEGORY.snacksSweets,
    packaging: 1000,
    items: [
      entry('pisang-goreng', 12000),
      entry('martabak-manis', 35000),
      entry('klepon', 12000),
      entry('es-campur', 20000, [ID.esToppings]),
      entry('cendol', 15000, [ID.esToppings]),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 1000,
    items: [
      entry('es-teh-manis', 6000, [ID.sweetness], 'best'),
      entry('teh-tawar', 4000),
      entry('kopi-susu', 22000, [ID.sweetness]),
      entry('kopi-tubruk', 8000),
      entry('es-jeruk', 10000, [ID.temperature]),
      entry('jus-alpukat', 20000),
      entry('air-kelapa', 15000),
      entry('wedang-jahe', 10000),
      entry('air-mineral', 5000),
    ],
  },
];

/** 1003 coto-makassar: halal Makassar soups (IDR), lunch and dinner only. */
export const COTO_MAKASSAR_MENU: CategorySpec[] = [
  {
    name: CATEGORY.cotoSoups,
    packaging: 3000,
    items: [
      entry('coto-makassar', 35000, [ID.cotoFilling, ID.cotoSides], 'best'),
      entry('sop-konro', 55000, [ID.cotoSides]),
      entry('sop-saudara', 35000),
      entry('pallubasa', 35000, [ID.cotoSides]),
      entry('kapurung', 30000, [ID.spice]),
    ],
  },
  {
    name: CATEGORY.grilledFried,
    packaging: 2000,
    items: [
      entry('konro-bakar', 75000, [ID.spice], 'best'),
      entry('ikan-bakar', 45000, [ID.spice, ID.sambal]),
      entry('ayam-goreng-lengkuas', 30000, [ID.sambal]),
      entry('nasu-palekko', 40000, [ID.spice]),
      entry('mie-titi', 35000, [ID.portion]),
    ],
  },
  {
    name: CATEGORY.accompaniments,
    packaging: 1000,
    items: [
      entry('ketupat', 4000),
      entry('burasa', 5000),
      entry('nasi-putih', 6000),
      entry('perkedel', 5000),
      entry('kerupuk', 4000),
      entry('jalangkote', 10000),
    ],
  },
  {
    name: CATEGORY.sweetsIce,
    packaging: 1000,
    items: [
      entry('pisang-epe', 15000, [ID.epeSauce]),
      entry('barongko', 10000),
      entry('es-pisang-ijo', 18000, [ID.esToppings]),
      entry('es-palu-butung', 18000, [], 'out'),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 1000,
    items: [
      entry('es-teh-manis', 6000, [ID.sweetness]),
      entry('teh-tawar', 4000),
      entry('kopi-toraja', 18000, [ID.temperature, ID.sweetness]),
      entry('sarabba', 15000),
      entry('es-jeruk', 10000, [ID.temperature]),
      entry('air-kelapa', 15000),
      entry('air-mineral', 5000),
    ],
  },
];

/** 1011 mall-demo-nasi-lemak: halal nasi lemak stall in the food court (MYR). */
export const MALL_NASI_LEMAK_MENU: CategorySpec[] = [
  {
    name: CATEGORY.nasiLemak,
    packaging: 50,
    items: [
      entry('nasi-lemak', 600, [MY.nasiLemakSides, MY.gravy], 'best'),
      entry('nasi-lemak-ayam', 1190, [MY.gravy], 'best'),
      entry('nasi-lemak-rendang', 1290),
      entry('nasi-lemak-rendang-ayam', 1190),
      entry('nasi-lemak-sotong', 1290),
      entry('nasi-lemak-udang', 1390),
      entry('nasi-lemak-paru', 1190, [], 'out'),
      entry('nasi-goreng-kampung', 990, [MY.spice]),
    ],
  },
  {
    name: CATEGORY.extraSides,
    packaging: 30,
    items: [
      entry('ayam-goreng-berempah', 650),
      entry('rendang-daging', 850),
      entry('sambal-sotong', 800),
      entry('telur-mata', 150),
      entry('begedil', 200),
      entry('kangkung-belacan', 600, [MY.spice]),
      entry('otak-otak', 350),
    ],
  },
  {
    name: CATEGORY.kuih,
    items: [
      entry('kuih-lapis', 150),
      entry('seri-muka', 180),
      entry('onde-onde', 300),
      entry('karipap', 300),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 20,
    items: [
      entry('teh-tarik', 300, HOT_DRINK),
      entry('kopi', 300, HOT_DRINK),
      entry('milo-ais', 400),
      entry('sirap-bandung', 350),
      entry('limau-ais', 350),
      entry('air-kelapa', 600),
      entry('teh-o-ais-limau', 300),
    ],
  },
];

/** 1012 mall-demo-char-kway-teow: Chinese hawker stall, not halal (serves pork), no delivery. */
export const MALL_CHAR_KWAY_TEOW_MENU: CategorySpec[] = [
  {
    name: CATEGORY.noodles,
    packaging: 50,
    items: [
      entry('char-kway-teow', 950, [MY.spice, MY.cktExtras], 'best'),
      entry('ckt-special', 1350, [MY.spice]),
      entry('hokkien-mee', 1100, [MY.portion]),
      entry('wat-tan-hor', 1050),
      entry('wantan-mee', 900, [MY.dryOrSoup]),
      entry('curry-mee', 1000, [MY.noodleChoice, MY.spice]),
      entry('pan-mee', 900, [MY.dryOrSoup], 'best'),
      entry('fishball-soup', 850, [MY.noodleChoice]),
      entry('asam-laksa', 1000),
    ],
  },
  {
    name: CATEGORY.roastRice,
    packaging: 50,
    items: [
      entry('char-siu-rice', 1000, [MY.portion]),
      entry('siew-yuk-rice', 1100, [MY.portion]),
      entry('nasi-ayam', 950, [MY.portion]),
    ],
  },
  {
    name: CATEGORY.smallPlates,
    packaging: 30,
    items: [
      entry('oyster-omelette', 1300, [], 'out'),
      entry('popiah', 450),
      entry('loh-bak', 800, [MY.sauces]),
      entry('chee-cheong-fun', 550, [MY.sauces]),
      entry('yong-tau-foo', 1000, [MY.sauces]),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 20,
    items: [
      entry('kopi', 280, HOT_DRINK),
      entry('kopi-o', 240, HOT_DRINK),
      entry('cham', 300, HOT_DRINK),
      entry('chinese-tea', 200),
      entry('leung-cha', 350),
      entry('soya-bean', 300, [MY.temperature]),
      entry('limau-ais', 350),
      entry('barli-ais', 320),
    ],
  },
];

/** 1013 mall-demo-roti-canai: halal mamak stall (MYR). */
export const MALL_ROTI_CANAI_MENU: CategorySpec[] = [
  {
    name: CATEGORY.roti,
    packaging: 30,
    items: [
      entry('roti-canai', 150, [MY.rotiCurry, MY.rotiExtras], 'best'),
      entry('roti-telur', 280, [MY.rotiCurry]),
      entry('roti-bawang', 250, [MY.rotiCurry]),
      entry('roti-tisu', 420),
      entry('roti-planta', 250, [MY.rotiCurry]),
      entry('roti-sardin', 450, [MY.rotiCurry]),
      entry('roti-pisang', 400),
      entry('murtabak-ayam', 850, [MY.rotiCurry]),
      entry('murtabak-daging', 950, [MY.rotiCurry]),
    ],
  },
  {
    name: CATEGORY.thosai,
    packaging: 30,
    items: [
      entry('capati', 250, [MY.rotiCurry]),
      entry('tosai', 250, [MY.rotiCurry]),
      entry('tosai-masala', 450, [MY.rotiCurry]),
    ],
  },
  {
    name: CATEGORY.riceNoodles,
    packaging: 50,
    items: [
      entry('nasi-kandar', 1190, [MY.gravy, MY.wokExtras]),
      entry('nasi-briyani', 1290, [], 'out'),
      entry('mee-goreng-mamak', 850, [MY.spice, MY.wokExtras], 'best'),
      entry('maggi-goreng', 800, [MY.spice]),
      entry('ayam-tandoori', 1000),
    ],
  },
  {
    name: CATEGORY.drinks,
    packaging: 20,
    items: [
      entry('teh-tarik', 250, HOT_DRINK),
      entry('kopi', 250, HOT_DRINK),
      entry('milo-ais', 350),
      entry('teh-halia', 300, HOT_DRINK),
      entry('neslo', 400, [MY.temperature]),
      entry('limau-ais', 300),
      entry('sirap-bandung', 300),
      entry('teh-o-ais-limau', 280),
    ],
  },
];

/** 1014 mall-demo-teh-tarik-bar: halal drinks bar with toast and kuih (MYR). */
export const MALL_TEH_TARIK_BAR_MENU: CategorySpec[] = [
  {
    name: CATEGORY.tea,
    packaging: 20,
    items: [
      entry('teh-tarik', 300, [...HOT_DRINK, MY.drinkSize, MY.drinkAddOns], 'best'),
      entry('teh-halia', 350, HOT_DRINK),
      entry('teh-o-ais-limau', 300, [MY.sweetness]),
    ],
  },
  {
    name: CATEGORY.coffee,
    packaging: 20,
    items: [
      entry('kopi', 300, [...HOT_DRINK, MY.drinkAddOns]),
      entry('kopi-o', 250, HOT_DRINK),
      entry('cham', 350, [MY.temperature]),
      entry('neslo', 450, [MY.temperature]),
    ],
  },
  {
    name: CATEGORY.coldDrinks,
    packaging: 20,
    items: [
      entry('milo-ais', 450, [MY.drinkSize]),
      entry('milo-dinosaur', 650),
      entry('sirap-bandung', 380),
      entry('limau-ais', 350),
      entry('barli-ais', 350),
      entry('air-kelapa', 650),
      entry('air-tebu', 450, [MY.drinkSize], 'out'),
      entry('soya-bean', 350),
    ],
  },
  {
    name: CATEGORY.toastKuih,
    packaging: 30,
    items: [
      entry('roti-bakar-kaya', 350, [MY.toastSpread], 'best'),
      entry('telur-separuh-masak', 300),
      entry('pisang-goreng', 450),
      entry('karipap', 300),
      entry('kuih-lapis', 150),
      entry('cucur-udang', 450),
      entry('onde-onde', 300),
      entry('keropok-lekor', 600),
    ],
  },
  {
    name: CATEGORY.desserts,
    packaging: 30,
    items: [
      entry('ais-kacang', 650, [MY.dessertToppings]),
      entry('cendol', 590, [MY.dessertToppings]),
      entry('apam-balik', 500),
    ],
  },
];

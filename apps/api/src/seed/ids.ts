/**
 * Fixed ids of the demo data (README: Demo data). Tests, demos and docs rely on them; `seed.test.ts`
 * checks that every id here names what it says.
 */

/** Password of every demo staff account (`${nameid}-manager`, `${nameid}-kitchen`). */
export const DEMO_STAFF_PASSWORD = 'santap-demo';

/** The demo dynamic-QR secret of a restaurant; production generates a random secret per restaurant. */
export function demoQrSecret(restaurantId: number): string {
  return `demo-qr-secret-${restaurantId}`;
}

/** Fixed ids and names of the demo data, for tests, demos and docs. */
export const DEMO = {
  kopitiamAli: 1001,
  warungSari: 1002,
  cotoMakassar: 1003,
  menuBesar: 1004,
  mall: {
    id: 1,
    slug: 'mall-demo',
    outlets: [1011, 1012, 1013, 1014],
    nasiLemak: 1011,
    charKwayTeow: 1012,
    rotiCanai: 1013,
    tehTarikBar: 1014,
    /** The one outlet that does not deliver (order-type mask 5: dine-in + pickup). */
    nonDeliveringOutlet: 1012,
  },
  nameids: {
    1001: 'kopitiam-ali',
    1002: 'warung-sari',
    1003: 'coto-makassar',
    1004: 'menu-besar',
    1011: 'mall-demo-nasi-lemak',
    1012: 'mall-demo-char-kway-teow',
    1013: 'mall-demo-roti-canai',
    1014: 'mall-demo-teh-tarik-bar',
  },
  /** Inclusive id ranges of the dining tables. */
  tables: {
    kopitiamAli: { first: 5001, last: 5012 },
    warungSari: { first: 5101, last: 5106 },
    cotoMakassar: { first: 5201, last: 5204 },
    menuBesar: { first: 5301, last: 5310 },
    /** Food-court tables: mall_id 1, restaurant_id null, table_no 'F1'…'F20'. */
    mall: { first: 6001, last: 6020 },
  },
  /** Menu items tests reach for (item id = restaurantId * 1000 + position in the menu). */
  items: {
    kopitiamAli: {
      /** Nasi lemak, RM 6.50; its 'sides' group has the squid option unavailable. */
      nasiLemak: 1001001,
      /** Roti canai, RM 1.80, with an up-to-2 curry group. */
      rotiCanai: 1001010,
      /** Teh tarik, RM 2.80, with required hot/iced, sweetness and size groups. */
      tehTarik: 1001026,
      /** Cucur udang, out of stock. */
      outOfStock: 1001022,
      /** RM 20 gift voucher (isVoucher). */
      voucher: 1001034,
    },
    warungSari: { nasiGoreng: 1002001, sotoBetawi: 1002009, esTehManis: 1002028, outOfStock: 1002014 },
    cotoMakassar: { cotoMakassar: 1003001, outOfStock: 1003020 },
    menuBesar: { tigerBeer: 1004199, outOfStock: 1004200 },
    mall: { nasiLemak: 1011001, charKwayTeow: 1012001, rotiCanai: 1013001, tehTarik: 1014001 },
  },
  staffPassword: DEMO_STAFF_PASSWORD,
} as const;

/** Ids of every demo restaurant, outlets included, in insertion order. */
export const DEMO_RESTAURANT_IDS = [1001, 1002, 1003, 1004, 1011, 1012, 1013, 1014] as const;
export type DemoRestaurantId = (typeof DEMO_RESTAURANT_IDS)[number];

/**
 * The demo places: the food court, the restaurants (with settings and opening hours), their tables
 * and discounts. Menus are in `menus.ts` and `menu-besar.ts`.
 */
import type { diningTables, discounts, malls, restaurants, Translated } from '../db/schema';
import type { RestaurantSettings } from '../db/settings';
import { t } from './dish-kit';
import { DEMO, demoQrSecret } from './ids';
import type { DemoRestaurantId } from './ids';
import type { CategorySpec } from './menu-kit';
import { MENU_BESAR_MENU } from './menu-besar';
import {
  COTO_MAKASSAR_MENU,
  KOPITIAM_ALI_MENU,
  MALL_CHAR_KWAY_TEOW_MENU,
  MALL_NASI_LEMAK_MENU,
  MALL_ROTI_CANAI_MENU,
  MALL_TEH_TARIK_BAR_MENU,
  WARUNG_SARI_MENU,
} from './menus';
import { closedWeek, week } from './timings';
import type { RestTimings } from './timings';

type MallRow = typeof malls.$inferInsert;
type RestaurantRow = typeof restaurants.$inferInsert;
type TableRow = typeof diningTables.$inferInsert;
type DiscountRow = typeof discounts.$inferInsert;

/** Order-type masks (spec §4): dine-in 1, delivery 2, pickup 4. */
const DINE_IN = 1;
const DELIVERY = 2;
const PICKUP = 4;

const SST_6 = { key: 'bill.sst', rate: 600, base: 'subtotal_service' } as const;
const PB1_10 = { key: 'bill.pb1', rate: 1000, base: 'subtotal_service' } as const;

/** Settings every key of which is written out, so a test can compare them with the parsed form. */
type OptionalSetting = 'loyalty' | 'reservation' | 'kitchen' | 'contact' | 'tableLinks';
type Settings = Required<Omit<RestaurantSettings, OptionalSetting>> &
  Partial<Pick<RestaurantSettings, OptionalSetting>>;

/** The demo's gateways: the real ones a deployment would name, and the simulator (the demo's own, README: Two modes). */
const MY_PAYMENTS = {
  paymentMethods: ['Card', 'Wallet', 'Net Banking', 'pay later', 'Cash'],
  // The rails Malaysian diners know (README of apps/api, Money); Razer takes them all, GrabPay its own.
  paymentChannels: ['duitnow_qr', 'tng_ewallet', 'grab_pay_app', 'boost', 'shopeepay', 'PNCO'],
  paymentProviders: ['razer', 'grabpay', 'simulator'],
};

const ID_PAYMENTS = {
  paymentMethods: ['Wallet', 'Card', 'Net Banking'],
  paymentChannels: ['gopay', 'ovo-emoney', 'qris'],
  paymentProviders: ['midtrans', 'doku', 'simulator'],
};

/**
 * A Malaysian outlet of the food court: SST 6%, no service charge, prepaid by default; dine-in and
 * pickup may also be paid later at the outlet's counter.
 */
function outletSettings(delivers: boolean): Settings {
  return {
    serviceChargeBps: 0,
    taxes: [SST_6],
    payLaterMask: DINE_IN | PICKUP,
    prepayMask: DINE_IN | DELIVERY | PICKUP,
    takeawayPayLater: false,
    deliveryRadiusM: delivers ? 5000 : 0,
    deliveryFee: delivers ? 400 : 0,
    cashRounding: 'nearest5',
    ...MY_PAYMENTS,
    paymentMethods: ['Card', 'Wallet', 'Net Banking'],
    // Razer's page requires an email and a phone: a guest's are the food court's.
    contact: { email: 'hello@mall-demo.example', phone: '+60321100000' },
    loyalty: { minOrder: 1500, percentBps: 300 },
    packagingNote: true,
    tabTips: false,
    tabIdleMinutes: 120,
  };
}

type RestaurantSpec = Omit<RestaurantRow, 'qrSecret' | 'restTimings' | 'settings' | 'ordersPausedUntil'> & {
  id: DemoRestaurantId;
  restTimings: RestTimings;
  settings: Settings;
  menu: CategorySpec[];
};

const KL = { country: 'MY', timeZone: 'Asia/Kuala_Lumpur', currency: 'MYR' } as const;
const MALL_LOCATION = {
  lng: 101.7123,
  lat: 3.1466,
  address: 'Mall Demo, Jalan Bukit Bintang, 55100 Kuala Lumpur',
};

/** Food-court outlet defaults: type 'outlet' in mall 1, halal unless said otherwise. */
function outlet(
  id: DemoRestaurantId,
  name: string,
  description: Translated,
  cuisine: string,
  menu: CategorySpec[],
  restTimings: RestTimings,
  delivers = true,
): RestaurantSpec {
  return {
    id,
    nameid: DEMO.nameids[id],
    name: t(name, name, name),
    description,
    type: 'outlet',
    mallId: DEMO.mall.id,
    ...KL,
    orderTypeMask: delivers ? DINE_IN | DELIVERY | PICKUP : DINE_IN | PICKUP,
    qrPlan: 0,
    cuisine,
    halal: true,
    ...MALL_LOCATION,
    restTimings: delivers ? restTimings : { ...restTimings, DELIVERY: closedWeek() },
    settings: outletSettings(delivers),
    menu,
  };
}

/** The food court of `mall-demo`; its settings hold what the one food-court payment uses. */
export const DEMO_MALL: MallRow = {
  id: DEMO.mall.id,
  slug: DEMO.mall.slug,
  name: t('Mall Demo Food Court', 'Pujasera Mall Demo', 'Medan Selera Mall Demo'),
  ...KL,
  orderTypeMask: DINE_IN | DELIVERY | PICKUP,
  qrPlan: 0,
  settings: outletSettings(true),
};

/** Every demo restaurant, outlets included, with its menu. */
export const DEMO_RESTAURANTS: RestaurantSpec[] = [
  {
    id: DEMO.kopitiamAli,
    nameid: DEMO.nameids[DEMO.kopitiamAli],
    name: t('Kopitiam Ali', 'Kopitiam Ali', 'Kopitiam Ali'),
    description: t(
      'Old-school Malaysian kopitiam: nasi lemak, roti canai and teh tarik until late.',
      'Kopitiam Malaysia klasik: nasi lemak, roti canai dan teh tarik sampai larut malam.',
      'Kopitiam lama Malaysia: nasi lemak, roti canai dan teh tarik hingga lewat malam.',
    ),
    type: 'restaurant',
    ...KL,
    orderTypeMask: DINE_IN | DELIVERY | PICKUP,
    qrPlan: 0,
    cuisine: 'kopitiam',
    halal: true,
    address: 'Jalan Tun Perak, 50050 Kuala Lumpur',
    lng: 101.6869,
    lat: 3.139,
    restTimings: {
      DINING: week(['07:00-01:00']),
      DELIVERY: week(['10:00-23:00']),
      TAKEAWAY: week(['07:00-00:30']),
    },
    settings: {
      serviceChargeBps: 1000,
      taxes: [SST_6],
      payLaterMask: DINE_IN,
      prepayMask: DELIVERY | PICKUP,
      takeawayPayLater: false,
      deliveryRadiusM: 8000,
      deliveryFee: 500,
      cashRounding: 'nearest5',
      ...MY_PAYMENTS,
      loyalty: { minOrder: 2000, percentBps: 500 },
      packagingNote: true,
      tabTips: false,
      tabIdleMinutes: 120,
      // Razer's page requires an email and a phone: a guest's are the restaurant's.
      contact: { email: 'hello@kopitiam-ali.example', phone: '+60321234567' },
      // Table bookings with an RM 20 deposit, taken off the bill; changes up to 2 hours before.
      reservation: {
        enabled: true,
        tokenAmount: 2000,
        cutOffMinutes: 120,
        slotMinutes: 30,
        durationMinutes: 90,
        maxGuests: 6,
      },
    },
    menu: KOPITIAM_ALI_MENU,
  },
  {
    id: DEMO.warungSari,
    nameid: DEMO.nameids[DEMO.warungSari],
    name: t('Warung Sari', 'Warung Sari', 'Warung Sari'),
    description: t(
      'Home-style Jakarta cooking: soto betawi, nasi uduk and satay.',
      'Masakan rumahan khas Jakarta: soto betawi, nasi uduk dan sate.',
      'Masakan rumah ala Jakarta: soto betawi, nasi uduk dan sate.',
    ),
    type: 'restaurant',
    country: 'ID',
    timeZone: 'Asia/Jakarta',
    currency: 'IDR',
    orderTypeMask: DELIVERY | PICKUP,
    qrPlan: 1,
    cuisine: 'indonesian',
    halal: true,
    address: 'Jl. Sabang No. 12, Menteng, Jakarta Pusat 10340',
    lng: 106.8456,
    lat: -6.2088,
    restTimings: {
      DINING: closedWeek(),
      // Friday: closed over Friday prayers.
      DELIVERY: week(['10:00-21:00'], { 5: ['10:00-11:30', '13:00-21:00'] }),
      TAKEAWAY: week(['08:00-21:00'], { 5: ['08:00-11:30', '13:00-21:00'] }),
    },
    settings: {
      serviceChargeBps: 0,
      taxes: [PB1_10],
      payLaterMask: 0,
      prepayMask: DINE_IN | DELIVERY | PICKUP,
      takeawayPayLater: false,
      deliveryRadiusM: 7000,
      deliveryFee: 10000,
      cashRounding: 'none',
      ...ID_PAYMENTS,
      loyalty: { minOrder: 50000, percentBps: 300 },
      packagingNote: true,
      tabTips: false,
      tabIdleMinutes: 120,
    },
    menu: WARUNG_SARI_MENU,
  },
  {
    id: DEMO.cotoMakassar,
    nameid: DEMO.nameids[DEMO.cotoMakassar],
    name: t('Coto Makassar', 'Coto Makassar', 'Coto Makassar'),
    description: t(
      'Makassar beef soups (coto, konro and pallubasa) at lunch and dinner.',
      'Sup daging khas Makassar (coto, konro dan pallubasa) untuk makan siang dan malam.',
      'Sup daging Makassar (coto, konro dan pallubasa) untuk makan tengah hari dan malam.',
    ),
    type: 'restaurant',
    country: 'ID',
    timeZone: 'Asia/Makassar',
    currency: 'IDR',
    orderTypeMask: DELIVERY | PICKUP,
    qrPlan: 0,
    cuisine: 'makassar',
    halal: true,
    address: 'Jl. Gagak No. 27, Makassar 90111',
    lng: 119.4327,
    lat: -5.1477,
    restTimings: {
      DINING: closedWeek(),
      DELIVERY: week(['10:00-14:00', '17:00-21:00']),
      TAKEAWAY: week(['10:00-14:00', '17:00-21:00']),
    },
    settings: {
      serviceChargeBps: 0,
      taxes: [PB1_10],
      payLaterMask: 0,
      prepayMask: DINE_IN | DELIVERY | PICKUP,
      takeawayPayLater: false,
      deliveryRadiusM: 5000,
      deliveryFee: 8000,
      cashRounding: 'none',
      paymentMethods: ['Wallet', 'Card', 'Net Banking'],
      paymentChannels: ['gopay', 'qris'],
      paymentProviders: ['midtrans', 'simulator'],
      loyalty: { minOrder: 40000, percentBps: 200 },
      packagingNote: false,
      tabTips: false,
      tabIdleMinutes: 120,
    },
    menu: COTO_MAKASSAR_MENU,
  },
  {
    id: DEMO.menuBesar,
    nameid: DEMO.nameids[DEMO.menuBesar],
    name: t('Menu Besar', 'Menu Besar', 'Menu Besar'),
    description: t(
      'A big Malaysian family restaurant with 200 dishes (serves pork and alcohol).',
      'Restoran keluarga Malaysia dengan 200 hidangan (menyajikan babi dan alkohol).',
      'Restoran keluarga Malaysia dengan 200 hidangan (menghidangkan babi dan alkohol).',
    ),
    type: 'restaurant',
    ...KL,
    orderTypeMask: DINE_IN | DELIVERY | PICKUP,
    qrPlan: 2,
    cuisine: 'malaysian',
    halal: false,
    address: 'Jalan Telawi 3, Bangsar Baru, 59100 Kuala Lumpur',
    lng: 101.671,
    lat: 3.13,
    restTimings: {
      DINING: week(['11:00-23:00']),
      DELIVERY: week(['11:00-22:30']),
      TAKEAWAY: week(['11:00-22:30']),
    },
    settings: {
      serviceChargeBps: 1000,
      taxes: [SST_6],
      // Dine-in and takeaway pay at the counter (spec §4 'stored flag'); delivery is prepaid.
      payLaterMask: DINE_IN | PICKUP,
      prepayMask: DELIVERY,
      takeawayPayLater: true,
      deliveryRadiusM: 10000,
      deliveryFee: 600,
      cashRounding: 'nearest5',
      ...MY_PAYMENTS,
      contact: { email: 'hello@menu-besar.example', phone: '+60323456789' },
      loyalty: { minOrder: 3000, percentBps: 500 },
      packagingNote: true,
      tabTips: false,
      tabIdleMinutes: 120,
      // Table bookings without a deposit; changes up to 1 hour before.
      reservation: {
        enabled: true,
        tokenAmount: 0,
        cutOffMinutes: 60,
        slotMinutes: 30,
        durationMinutes: 120,
        maxGuests: 10,
      },
    },
    menu: MENU_BESAR_MENU,
  },
  outlet(
    DEMO.mall.nasiLemak,
    'Nasi Lemak Mak Jah',
    t(
      'Nasi lemak every way, with sambal made fresh each morning.',
      'Nasi lemak dengan aneka lauk dan sambal yang dibuat segar setiap pagi.',
      'Nasi lemak pelbagai lauk dengan sambal yang dimasak segar setiap pagi.',
    ),
    'nasi-lemak',
    MALL_NASI_LEMAK_MENU,
    { DINING: week(['08:00-22:00']), DELIVERY: week(['10:00-21:30']), TAKEAWAY: week(['08:00-21:30']) },
  ),
  {
    ...outlet(
      DEMO.mall.charKwayTeow,
      'Char Kway Teow Ah Seng',
      t(
        'Penang-style char kway teow and Chinese hawker classics (contains pork).',
        'Char kway teow ala Penang dan hidangan kaki lima Tionghoa (mengandung babi).',
        'Char kuey teow gaya Pulau Pinang dan hidangan penjaja Cina (mengandungi babi).',
      ),
      'chinese-hawker',
      MALL_CHAR_KWAY_TEOW_MENU,
      // Closed on Mondays.
      {
        DINING: week(['10:00-22:00'], { 1: 'closed' }),
        DELIVERY: closedWeek(),
        TAKEAWAY: week(['10:00-21:30'], { 1: 'closed' }),
      },
      false,
    ),
    halal: false,
  },
  outlet(
    DEMO.mall.rotiCanai,
    'Roti Canai Raju',
    t(
      'Mamak favourites: roti canai, murtabak and thosai hot off the griddle.',
      'Favorit mamak: roti canai, martabak dan dosa panas dari wajan.',
      'Kegemaran mamak: roti canai, murtabak dan tosai panas dari kuali.',
    ),
    'mamak',
    MALL_ROTI_CANAI_MENU,
    { DINING: week(['07:00-23:00']), DELIVERY: week(['10:00-22:30']), TAKEAWAY: week(['07:00-22:30']) },
  ),
  outlet(
    DEMO.mall.tehTarikBar,
    'Teh Tarik Bar',
    t(
      'Teh tarik, kopi and kuih from the drinks bar.',
      'Teh tarik, kopi dan kue dari bar minuman.',
      'Teh tarik, kopi dan kuih dari bar minuman.',
    ),
    'drinks',
    MALL_TEH_TARIK_BAR_MENU,
    { DINING: week(['08:00-22:00']), DELIVERY: week(['10:00-21:30']), TAKEAWAY: week(['08:00-21:30']) },
  ),
];

/** The `restaurants` row of a spec (menu left out, demo QR secret added). */
export function restaurantRow({ menu: _menu, ...spec }: RestaurantSpec): RestaurantRow {
  return { ...spec, qrSecret: demoQrSecret(spec.id), ordersPausedUntil: null };
}

function tables(
  range: { first: number; last: number },
  owner: Pick<TableRow, 'restaurantId' | 'mallId'>,
  label: (n: number) => Pick<TableRow, 'tableNo' | 'displayName'>,
  seats: readonly number[],
  smoking: readonly number[] = [],
): TableRow[] {
  return Array.from({ length: range.last - range.first + 1 }, (_, i) => ({
    id: range.first + i,
    ...owner,
    ...label(i + 1),
    seats: seats[i % seats.length] ?? 4,
    smoking: smoking.includes(i + 1),
  }));
}

const tableLabel = (n: number) => ({ tableNo: `T${n}`, displayName: `Table ${n}` });
// Indonesian restaurants mark their tables 'Meja n'; the label is painted on the table, not translated.
const mejaLabel = (n: number) => ({ tableNo: `M${n}`, displayName: `Meja ${n}` });

/** Every demo dining table, food-court tables included. */
export const DEMO_TABLES: TableRow[] = [
  // T11 and T12 are on the five-foot way outside, where smoking is allowed.
  ...tables(
    DEMO.tables.kopitiamAli,
    { restaurantId: DEMO.kopitiamAli },
    tableLabel,
    [2, 2, 4, 4, 4, 4, 6, 6, 4, 4, 2, 2],
    [11, 12],
  ),
  ...tables(DEMO.tables.warungSari, { restaurantId: DEMO.warungSari }, mejaLabel, [4, 4, 2, 2, 6, 6]),
  ...tables(DEMO.tables.cotoMakassar, { restaurantId: DEMO.cotoMakassar }, mejaLabel, [4, 4, 6, 8]),
  ...tables(
    DEMO.tables.menuBesar,
    { restaurantId: DEMO.menuBesar },
    tableLabel,
    [2, 4, 4, 6, 6, 8, 10, 4, 4, 2],
  ),
  ...tables(
    DEMO.tables.mall,
    { restaurantId: null, mallId: DEMO.mall.id },
    (n) => ({ tableNo: `F${n}`, displayName: `Table F${n}` }),
    [4, 4, 4, 2, 6],
  ),
];

type DiscountSpec = [
  owner: { restaurantId: number } | { mallId: number },
  code: string,
  kind: 'percent' | 'fixed',
  /** Basis points for percent, minor units for fixed. */
  value: number,
  maxDiscount: number | null,
  minOrder: number,
  orderTypeMask?: number,
];

function money(minor: number, currency: 'MYR' | 'IDR'): string {
  if (currency === 'IDR') return `Rp ${minor.toLocaleString('id-ID')}`;
  const ringgit = minor / 100;
  return `RM ${Number.isInteger(ringgit) ? ringgit : ringgit.toFixed(2)}`;
}

/** 'RM 5 off orders from RM 30 (delivery)', '10% off orders from RM 20, up to RM 10', in three languages. */
function discountTitle(
  [, , kind, value, max, minOrder, mask = 7]: DiscountSpec,
  currency: 'MYR' | 'IDR',
): Translated {
  const none = t('', '', '');
  const amount = kind === 'percent' ? `${value / 100}%` : money(value, currency);
  const parts = [
    kind === 'percent'
      ? t(`${amount} off`, `Diskon ${amount}`, `Diskaun ${amount}`)
      : t(`${amount} off`, `Potongan ${amount}`, `Potongan ${amount}`),
    minOrder > 0
      ? t(
          ` orders from ${money(minOrder, currency)}`,
          ` untuk pesanan mulai ${money(minOrder, currency)}`,
          ` untuk pesanan dari ${money(minOrder, currency)}`,
        )
      : none,
    max === null
      ? none
      : t(
          `, up to ${money(max, currency)}`,
          `, maks. ${money(max, currency)}`,
          `, sehingga ${money(max, currency)}`,
        ),
    mask === DELIVERY ? t(' (delivery)', ' (pesan antar)', ' (penghantaran)') : none,
    mask === PICKUP ? t(' (pickup)', ' (ambil sendiri)', ' (ambil sendiri)') : none,
  ];
  const join = (lang: keyof Translated) => parts.map((part) => part[lang]).join('');
  return t(join('en'), join('id'), join('my'));
}

// prettier-ignore
const DISCOUNTS: DiscountSpec[] = [
  [{ restaurantId: DEMO.kopitiamAli }, 'WELCOME10', 'percent', 1000, 1000, 2000],
  [{ restaurantId: DEMO.kopitiamAli }, 'ALI5', 'fixed', 500, null, 3000, DELIVERY],
  [{ restaurantId: DEMO.warungSari }, 'HEMAT5K', 'fixed', 5000, null, 50000],
  [{ restaurantId: DEMO.warungSari }, 'WELCOME10', 'percent', 1000, 20000, 30000],
  [{ restaurantId: DEMO.cotoMakassar }, 'COTO10', 'percent', 1000, 15000, 40000],
  [{ restaurantId: DEMO.cotoMakassar }, 'HEMAT5K', 'fixed', 5000, null, 50000, PICKUP],
  [{ restaurantId: DEMO.menuBesar }, 'BESAR15', 'percent', 1500, 3000, 5000],
  [{ restaurantId: DEMO.menuBesar }, 'WELCOME10', 'percent', 1000, 1000, 2000],
  [{ restaurantId: DEMO.mall.nasiLemak }, 'SAMBAL2', 'fixed', 200, null, 1500],
  [{ restaurantId: DEMO.mall.nasiLemak }, 'PAGI10', 'percent', 1000, 500, 1000],
  [{ restaurantId: DEMO.mall.charKwayTeow }, 'CKT3', 'fixed', 300, null, 2000],
  [{ restaurantId: DEMO.mall.charKwayTeow }, 'WOK10', 'percent', 1000, 500, 1500],
  [{ restaurantId: DEMO.mall.rotiCanai }, 'ROTI10', 'percent', 1000, 500, 1000],
  [{ restaurantId: DEMO.mall.rotiCanai }, 'MAMAK2', 'fixed', 200, null, 1500],
  [{ restaurantId: DEMO.mall.tehTarikBar }, 'TEH1', 'fixed', 100, null, 800],
  [{ restaurantId: DEMO.mall.tehTarikBar }, 'KUIH10', 'percent', 1000, 300, 1000],
  [{ mallId: DEMO.mall.id }, 'FOODCOURT10', 'percent', 1000, 800, 2500],
];

function currencyOf(owner: DiscountSpec[0]): 'MYR' | 'IDR' {
  if ('mallId' in owner) return 'MYR';
  const spec = DEMO_RESTAURANTS.find((r) => r.id === owner.restaurantId);
  return spec?.currency === 'IDR' ? 'IDR' : 'MYR';
}

/** Every demo discount: two per restaurant (outlets too) and one for the food court, always valid. */
export const DEMO_DISCOUNTS: DiscountRow[] = DISCOUNTS.map((spec) => {
  const [owner, code, kind, value, maxDiscount, minOrder, orderTypeMask = 7] = spec;
  return {
    ...owner,
    code,
    title: discountTitle(spec, currencyOf(owner)),
    kind,
    value,
    maxDiscount,
    minOrder,
    orderTypeMask,
  };
});

import { dynamicQrText } from '../services/flows/tables/scan';
import { DEMO } from './ids';

/** One QR `pnpm start` prints: what it opens, its link, and the demo restaurant or mall it is for. */
export interface DemoQrLink {
  label: string;
  url: string;
  /** The demo restaurant the link opens; absent for the food court's. */
  restaurantId?: number;
  /** The mall slug of a food-court link. */
  mall?: string;
}

/**
 * The QRs `pnpm start` prints: one per demo restaurant and one for the food court, each the entry a
 * diner there would scan. Dine-in restaurants (Malaysia) get a table QR; Indonesian ones, where
 * dine-in becomes pickup (spec §4), the QR of the way they serve: warung-sari's dynamic QR (its plan
 * allows dynamic only), signed for 24 hours; coto-makassar's takeaway QR.
 */
export function demoQrLinks(origin: string, now: Date): DemoQrLink[] {
  const validUntil = Math.floor(now.getTime() / 1000) + 24 * 3600;
  return [
    {
      label: 'kopitiam-ali (MY, static QR) — table T3:',
      url: `${origin}/set_restaurant_qr.php?restaurant_id=${DEMO.kopitiamAli}&tid=5003`,
      restaurantId: DEMO.kopitiamAli,
    },
    {
      label: 'warung-sari (ID, dynamic QR, valid 24 h; dine-in becomes pickup in Indonesia) — table 5101:',
      url: dynamicQrText(
        origin,
        'demo-qr-secret-1002',
        { kind: 'table', restaurantId: String(DEMO.warungSari), tableId: '5101' },
        validUntil,
      ),
      restaurantId: DEMO.warungSari,
    },
    {
      label: 'coto-makassar (ID) — takeaway:',
      url: `${origin}/set_restaurant_qr.php?restaurant_id=${DEMO.cotoMakassar}&type=tk`,
      restaurantId: DEMO.cotoMakassar,
    },
    {
      label: 'menu-besar (MY, 200 dishes, static QR) — table 5301:',
      url: `${origin}/set_restaurant_qr.php?restaurant_id=${DEMO.menuBesar}&tid=${DEMO.tables.menuBesar.first}`,
      restaurantId: DEMO.menuBesar,
    },
    {
      label: 'mall-demo food court — table F1:',
      url: `${origin}/fc/${DEMO.mall.slug}?tid=${DEMO.tables.mall.first}`,
      mall: DEMO.mall.slug,
    },
  ];
}

import { buildQrText } from '@santap/qr';
import type { AppContext } from '../services/context';
import { tableQrText } from '../services/flows/tables/links';
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
 * allows dynamic only), signed for 24 hours; coto-makassar's takeaway QR. Table QRs carry the table's
 * token, as every sticker printed now does (`tableQrText`, docs/tabs.md); empty without demo data.
 */
export async function demoQrLinks(ctx: AppContext, origin: string, now: Date): Promise<DemoQrLink[]> {
  const validUntil = Math.floor(now.getTime() / 1000) + 24 * 3600;
  const [kopitiamT3, warungSari, menuBesar, mallF1] = await Promise.all([
    tableQrText(ctx, origin, 5003),
    tableQrText(ctx, origin, DEMO.tables.warungSari.first, { validUntil }),
    tableQrText(ctx, origin, DEMO.tables.menuBesar.first),
    tableQrText(ctx, origin, DEMO.tables.mall.first),
  ]);
  if (!kopitiamT3 || !warungSari || !menuBesar || !mallF1) return [];
  return [
    {
      label: 'kopitiam-ali (MY, static QR) — table T3:',
      url: kopitiamT3,
      restaurantId: DEMO.kopitiamAli,
    },
    {
      label: 'warung-sari (ID, dynamic QR, valid 24 h; dine-in becomes pickup in Indonesia) — table 5101:',
      url: warungSari,
      restaurantId: DEMO.warungSari,
    },
    {
      label: 'coto-makassar (ID) — takeaway:',
      url: buildQrText({ origin, kind: 'takeaway', restaurantId: String(DEMO.cotoMakassar) }),
      restaurantId: DEMO.cotoMakassar,
    },
    {
      label: 'menu-besar (MY, 200 dishes, static QR) — table 5301:',
      url: menuBesar,
      restaurantId: DEMO.menuBesar,
    },
    {
      label: 'mall-demo food court — table F1:',
      url: mallF1,
      mall: DEMO.mall.slug,
    },
  ];
}

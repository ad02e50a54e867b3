import { dynamicQrText } from '../services/tables';

/** The table QRs `pnpm start` prints: one per demo restaurant, the dynamic one signed for 24 hours. */
export function demoQrLinks(origin: string, now: Date) {
  const validUntil = Math.floor(now.getTime() / 1000) + 24 * 3600;
  return [
    {
      label: 'kopitiam-ali (MY, static QR) — table T3:',
      url: `${origin}/set_restaurant_qr.php?restaurant_id=1001&tid=5003`,
    },
    {
      label: 'warung-sari (ID, dynamic QR, valid 24 h) — table 5101:',
      url: dynamicQrText(
        origin,
        'demo-qr-secret-1002',
        { kind: 'table', restaurantId: '1002', tableId: '5101' },
        validUntil,
      ),
    },
    {
      label: 'coto-makassar (ID) — takeaway:',
      url: `${origin}/set_restaurant_qr.php?restaurant_id=1003&type=tk`,
    },
    { label: 'mall-demo food court — table F1:', url: `${origin}/fc/mall-demo?tid=6001` },
  ];
}

/**
 * The demo counter kiosks (README: Counter kiosks): registered devices of a restaurant or the food court.
 * Their secrets are fixed so the demo and the tests can set a kiosk up (`/kiosk/setup`); the seed stores only
 * their scrypt hash. Production kiosks get a random secret each.
 */
import type * as schema from '../db/schema';
import { DEMO } from './ids';

export type DemoKiosk = Omit<typeof schema.kioskDevices.$inferInsert, 'secretHash'> & { secret: string };

/** Device codes and secrets of the demo kiosks. */
export const DEMO_KIOSK = {
  /** Kopitiam Ali (1001): dine-in and takeaway, Cash kiosk or a DuitNow QR. */
  kopitiamAli: { id: 'kopitiam-ali-k1', secret: 'demo-kiosk-secret-kopitiam-ali-k1' },
  /** The mall-demo food court: one cart over its four outlets. */
  mall: { id: 'mall-demo-k1', secret: 'demo-kiosk-secret-mall-demo-k1' },
} as const;

export const DEMO_KIOSKS: DemoKiosk[] = [
  {
    ...DEMO_KIOSK.kopitiamAli,
    restaurantId: DEMO.kopitiamAli,
    name: 'Kopitiam Ali counter kiosk',
    settings: {
      orderTypes: [1, 3],
      paymentMethods: ['Cash kiosk', 'Wallet'],
      idleTimeoutSeconds: 60,
      idleWarningSeconds: 15,
    },
  },
  {
    ...DEMO_KIOSK.mall,
    mallId: DEMO.mall.id,
    name: 'Mall Demo food court kiosk',
    settings: {
      orderTypes: [1, 3],
      paymentMethods: ['Cash kiosk', 'Wallet'],
      idleTimeoutSeconds: 90,
      idleWarningSeconds: 20,
    },
  },
];

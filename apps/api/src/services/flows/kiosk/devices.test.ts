import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { kiosk as api } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { kioskDevices } from '../../../db/schema';
import { DEMO } from '../../../seed/ids';
import { hashPassword } from '../accounts/passwords';
import { ENGINES, startTestServer } from '../../../../test/harness';
import type { TestServer } from '../../../../test/harness';
import { DEMO_KIOSK, kioskClient } from '../../../../test/kiosk-kit';
import { refusal } from '../../../../test/refusal';

describe.each(ENGINES)('kiosk settings on %s', (engine) => {
  let server: TestServer;
  const db = () => server.db.database.db;

  beforeAll(async () => {
    server = await startTestServer(engine);
    // Extra devices: one switched off, one of an Indonesian restaurant, one with broken settings.
    const secretHash = await hashPassword('other-secret');
    await db()
      .insert(kioskDevices)
      .values([
        { id: 'off-k1', restaurantId: DEMO.kopitiamAli, name: 'Old kiosk', secretHash, active: false },
        {
          id: 'warung-k1',
          restaurantId: DEMO.warungSari,
          name: 'Warung Sari kiosk',
          secretHash,
          settings: { orderTypes: [1, 3], paymentMethods: ['Cash kiosk', 'Wallet'] },
        },
        {
          id: 'broken-k1',
          restaurantId: DEMO.kopitiamAli,
          name: 'Broken settings',
          secretHash,
          settings: { idleTimeoutSeconds: 'soon', orderTypes: [2] },
        },
        { id: 'nowhere-k1', name: 'No place', secretHash },
      ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("kopitiam-ali kiosk -> its restaurant, dine-in and takeaway, Cash kiosk and a DuitNow QR (Malaysia's national QR), 60 s idle", async () => {
    const settings = await kioskClient(server).call(api.kioskSettings, {});
    expect(settings).toEqual({
      device_id: DEMO_KIOSK.kopitiamAli.id,
      name: 'Kopitiam Ali counter kiosk',
      place: {
        kind: 'restaurant',
        scope: 'kopitiam-ali',
        name: 'Kopitiam Ali',
        country: 'MY',
        currency: 'MYR',
        time_zone: 'Asia/Kuala_Lumpur',
      },
      outlets: [{ restaurant_id: DEMO.kopitiamAli, nameid: 'kopitiam-ali', name: 'Kopitiam Ali' }],
      order_types: [1, 3],
      payment_methods: ['Cash kiosk', 'Wallet'],
      qr_channel: 'duitnow_qr',
      idle_timeout_seconds: 60,
      idle_warning_seconds: 15,
    });
  });

  it('mall-demo kiosk (language my) -> the food court in Malay with its four outlets', async () => {
    const settings = await kioskClient(server, DEMO_KIOSK.mall, 'my').call(api.kioskSettings, {});
    expect(settings.place).toMatchObject({
      kind: 'mall',
      scope: 'mall-demo',
      name: 'Medan Selera Mall Demo',
    });
    expect(settings.outlets.map((outlet) => outlet.restaurant_id)).toEqual([...DEMO.mall.outlets]);
    expect(settings.idle_timeout_seconds).toBe(90);
  });

  it('no headers, unknown device, wrong secret -> the same 401 errors.kioskNotRegistered, in Malay for my', async () => {
    const refusals = await Promise.all([
      refusal(kioskClient(server, null, 'my').call(api.kioskSettings, {})),
      refusal(kioskClient(server, { id: 'ghost-k9', secret: 'x' }, 'my').call(api.kioskSettings, {})),
      refusal(
        kioskClient(server, { id: DEMO_KIOSK.kopitiamAli.id, secret: 'wrong' }, 'my').call(
          api.kioskSettings,
          {},
        ),
      ),
    ]);
    for (const refused of refusals) {
      expect(refused).toMatchObject({ statusCode: 401, code: MESSAGE.kioskNotRegistered });
      expect(refused.message).toBe('Kiosk ini belum didaftarkan. Sila minta kakitangan untuk menetapkannya');
    }
  });

  it('a switched-off kiosk with its right secret -> 403 errors.kioskInactive; a wrong secret still 401', async () => {
    expect(
      await refusal(
        kioskClient(server, { id: 'off-k1', secret: 'other-secret' }).call(api.kioskSettings, {}),
      ),
    ).toMatchObject({ statusCode: 403, code: MESSAGE.kioskInactive });
    expect(
      await refusal(kioskClient(server, { id: 'off-k1', secret: 'guess' }).call(api.kioskSettings, {})),
    ).toMatchObject({ statusCode: 401, code: MESSAGE.kioskNotRegistered });
    expect(
      await refusal(
        kioskClient(server, { id: 'nowhere-k1', secret: 'other-secret' }).call(api.kioskSettings, {}),
      ),
    ).toMatchObject({ statusCode: 403, code: MESSAGE.kioskInactive });
    // Three scrypt checks at 128 MiB each (N=2^17): seconds apiece on a loaded CI machine.
  }, 120_000);

  it('kiosk switched off after its secret was checked -> refused on its next call', async () => {
    const client = kioskClient(server, { id: 'warung-k1', secret: 'other-secret' });
    await client.call(api.kioskSettings, {});
    await db().update(kioskDevices).set({ active: false }).where(eq(kioskDevices.id, 'warung-k1'));
    try {
      expect(await refusal(client.call(api.kioskSettings, {}))).toMatchObject({ statusCode: 403 });
    } finally {
      await db().update(kioskDevices).set({ active: true }).where(eq(kioskDevices.id, 'warung-k1'));
    }
  });

  it('kiosk of an Indonesian restaurant asking for dine-in -> takeaway only, QRIS for the QR', async () => {
    const settings = await kioskClient(server, { id: 'warung-k1', secret: 'other-secret' }).call(
      api.kioskSettings,
      {},
    );
    expect(settings.order_types).toEqual([3]);
    expect(settings.qr_channel).toBe('qris');
    expect(settings.place).toMatchObject({ country: 'ID', currency: 'IDR', time_zone: 'Asia/Jakarta' });
  });

  it('malformed device settings -> the defaults (dine-in and takeaway, both payments, 60 s / 15 s)', async () => {
    const settings = await kioskClient(server, { id: 'broken-k1', secret: 'other-secret' }).call(
      api.kioskSettings,
      {},
    );
    expect(settings).toMatchObject({
      order_types: [1, 3],
      payment_methods: ['Cash kiosk', 'Wallet'],
      idle_timeout_seconds: 60,
      idle_warning_seconds: 15,
    });
  });
});

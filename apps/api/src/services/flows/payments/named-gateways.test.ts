import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { restaurants } from '../../../db/schema';
import { createServer } from '../../../server';
import { paymentConfigFromEnv } from '../../adapters/payments/config';
import { ENGINES, LUNCHTIME, TestClock, openTestDatabase, testConfig } from '../../../../test/harness';
import type { TestDatabase } from '../../../../test/harness';
import { describeUnkeyedGateway, unkeyedGateways } from './named-gateways';

/** Keys for every gateway the demo places name, and the simulator on with a key of its own. */
const ALL_KEYED = {
  NODE_ENV: 'production',
  SIMULATOR: 'on',
  SIMULATOR_KEY: 'a-production-simulator-key',
  MIDTRANS_SERVER_KEY: 'Mid-server-x',
  DOKU_CLIENT_ID: 'BRN-1',
  DOKU_SECRET_KEY: 'SK-1',
  GRABPAY_PARTNER_ID: 'p',
  GRABPAY_PARTNER_SECRET: 'ps',
  GRABPAY_MERCHANT_ID: 'm',
  GRABPAY_CLIENT_ID: 'c',
  GRABPAY_CLIENT_SECRET: 'cs',
  RAZER_MERCHANT_ID: 'santap',
  RAZER_VERIFY_KEY: 'vk',
  RAZER_SECRET_KEY: 'sk',
};

describe.each(ENGINES)('places naming gateways without keys on %s', (engine) => {
  let database: TestDatabase;
  const clock = new TestClock(new Date(LUNCHTIME));

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  }, 180_000);
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.database.db;

  it('the demo places, only GrabPay keyed -> each (place, gateway) not keyed, GrabPay never', async () => {
    const gaps = await unkeyedGateways(db(), ['grabpay']);
    expect(gaps).toContainEqual({ kind: 'restaurant', id: 1001, name: 'Kopitiam Ali', gateway: 'razer' });
    expect(gaps).toContainEqual({ kind: 'restaurant', id: 1001, name: 'Kopitiam Ali', gateway: 'simulator' });
    expect(gaps).toContainEqual({ kind: 'restaurant', id: 1002, name: 'Warung Sari', gateway: 'midtrans' });
    expect(gaps.some((gap) => gap.gateway === 'grabpay')).toBe(false);
    expect(gaps.some((gap) => gap.kind === 'food court')).toBe(true);
  });

  it('every named gateway keyed -> nothing to say', async () => {
    expect(await unkeyedGateways(db(), ['simulator', 'midtrans', 'doku', 'grabpay', 'razer'])).toEqual([]);
  });

  it('a place taking Razer with no contact email and phone -> a gap naming the contact (Razer refuses a payer without one)', async () => {
    const [place] = await db()
      .select({ id: restaurants.id, settings: restaurants.settings })
      .from(restaurants)
      .where(eq(restaurants.id, 1001));
    const settings = { ...(place!.settings as Record<string, unknown>) };
    delete settings.contact;
    await db().update(restaurants).set({ settings }).where(eq(restaurants.id, 1001));
    try {
      const gaps = await unkeyedGateways(db(), ['simulator', 'midtrans', 'doku', 'grabpay', 'razer']);
      expect(gaps).toEqual([
        { kind: 'restaurant', id: 1001, name: 'Kopitiam Ali', gateway: 'razer', missing: 'contact' },
      ]);
      expect(describeUnkeyedGateway(gaps[0]!)).toMatch(/no contact email and phone/);
    } finally {
      await db().update(restaurants).set({ settings: place!.settings }).where(eq(restaurants.id, 1001));
    }
  });

  it('a gap -> one line naming the place, the gateway and where its keys are described', () => {
    expect(
      describeUnkeyedGateway({ kind: 'restaurant', id: 1001, name: 'Kopitiam Ali', gateway: 'razer' }),
    ).toBe(
      'restaurant "Kopitiam Ali" (id 1001) names Razer (razer), which has no keys on this server: set its keys ' +
        "(apps/api/src/services/adapters/payments/gateways/razer/README.md) or remove it from the place's payment settings",
    );
    expect(describeUnkeyedGateway({ kind: 'restaurant', id: 7, name: 'X', gateway: 'paypal' })).toMatch(
      /names "paypal", which is not a gateway this server knows/,
    );
  });

  it('production, no gateway keys -> refuses to start, naming Kopitiam Ali and Razer', async () => {
    await expect(
      createServer(
        testConfig(clock, { env: 'production', payments: paymentConfigFromEnv({ NODE_ENV: 'production' }) }),
        {
          database: database.database,
        },
      ),
    ).rejects.toThrow(/restaurant "Kopitiam Ali" \(id 1001\) names Razer \(razer\), which has no keys/);
  });

  it('production with keys for every named gateway -> starts', async () => {
    const app = await createServer(
      testConfig(clock, { env: 'production', payments: paymentConfigFromEnv(ALL_KEYED) }),
      {
        database: database.database,
      },
    );
    await app.close();
  });

  it('production, a restaurant naming a gateway this server does not know -> refused, naming it', async () => {
    const [row] = await db().select().from(restaurants).where(eq(restaurants.id, 1003));
    await db()
      .update(restaurants)
      .set({ settings: { ...row!.settings, paymentProviders: ['paypal'] } })
      .where(eq(restaurants.id, 1003));
    try {
      await expect(
        createServer(testConfig(clock, { env: 'production', payments: paymentConfigFromEnv(ALL_KEYED) }), {
          database: database.database,
        }),
      ).rejects.toThrow(/\(id 1003\) names "paypal"/);
    } finally {
      await db().update(restaurants).set({ settings: row!.settings }).where(eq(restaurants.id, 1003));
    }
  });

  it('the demo without gateway keys -> starts, and its log names each place and gateway', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await createServer(testConfig(clock, { logLevel: 'warn' }), {
      database: database.database,
      logStream,
    });
    await app.close();
    expect(lines.join('')).toContain(
      'restaurant \\"Kopitiam Ali\\" (id 1001) names Razer (razer), which has no keys',
    );
  });
});

/**
 * Security replays (README: Two modes, Going live): the built server with no mode named is
 * production — no dev inbox that hands out every OTP, no demo logins or kiosk secrets on an empty
 * database — and the demo refuses to start on a host others reach. Each test replays the attack over
 * HTTP (app.inject) and fails if it comes back.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, kiosk, restaurants, staff } from '@santap/contract';
import { configFromEnv } from '../config';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import { DEMO_KIOSK } from '../seed/kiosks';
import { createServer } from '../server';
import { ENGINES, LUNCHTIME, TestClock, openEmptyDatabase } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';

/** The environment of a bare production start: only what production requires (login by phone off). */
const PRODUCTION_ENV = {
  OTP_PEPPER: 'a-production-pepper-of-32-chars!',
  OTP_SENDERS: 'none',
  LOG_LEVEL: 'silent',
} as const;

describe('finding 1: the dev OTP inbox open on every interface', () => {
  it('no NODE_ENV, no SANTAP_MODE -> production: dev inbox off, every interface only without demo features', () => {
    const config = configFromEnv(PRODUCTION_ENV);
    expect(config.mode).toBe('production');
    expect(config.devInbox).toBe(false);
  });

  it('the demo (pnpm start) -> loopback only; the demo asked to listen on 0.0.0.0 or announce a public URL -> no start', () => {
    expect(configFromEnv({ SANTAP_MODE: 'demo' }).host).toBe('127.0.0.1');
    expect(() => configFromEnv({ SANTAP_MODE: 'demo', HOST: '0.0.0.0' })).toThrow(/Refusing to start/);
    expect(() => configFromEnv({ SANTAP_MODE: 'demo', PUBLIC_URL: 'https://santap.my' })).toThrow(
      /Refusing to start/,
    );
    expect(() => configFromEnv({ ...PRODUCTION_ENV, DEV_INBOX: 'on' })).toThrow(/DEV_INBOX/);
  });
});

describe.each(ENGINES)('findings 1 and 2 over HTTP on a production start (%s)', (engine) => {
  let db: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await openEmptyDatabase(engine);
    const clock = new TestClock(new Date(LUNCHTIME));
    app = await createServer(
      { ...configFromEnv(PRODUCTION_ENV), database: { engine: 'pglite' }, now: clock.now },
      { database: db.database },
    );
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('finding 1: send an OTP, then read it at /api/dev/inbox -> the inbox is 404 and shows no code', async () => {
    await app.inject({
      method: 'POST',
      url: auth.sendOtp.path,
      payload: { phone: '+60123456789' },
    });
    const inbox = await app.inject({ method: 'GET', url: `${auth.devInbox.path}?recipient=%2B60123456789` });
    expect(inbox.statusCode).toBe(404);
    expect(inbox.body).not.toMatch(/\b\d{6}\b/);
  });

  it('finding 2: the demo staff login <nameid>-manager / santap-demo -> refused', async () => {
    const login = await app.inject({
      method: 'POST',
      url: staff.staffLogin.path,
      payload: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.json()).toMatchObject({ status: 0 });
  });

  it('finding 2: the demo kiosk with its fixed secret -> refused', async () => {
    const settings = await app.inject({
      method: 'GET',
      url: kiosk.kioskSettings.path,
      headers: {
        [kiosk.KIOSK_DEVICE_HEADER]: DEMO_KIOSK.kopitiamAli.id,
        [kiosk.KIOSK_SECRET_HEADER]: DEMO_KIOSK.kopitiamAli.secret,
      },
    });
    expect(settings.statusCode).toBe(401);
  });

  it('finding 2: the demo restaurants -> not there', async () => {
    const menu = await app.inject({
      method: 'GET',
      url: `${restaurants.menu.path}?restaurant_id=kopitiam-ali`,
    });
    expect(menu.statusCode).toBe(404);
  });

  it('finding 3 (production half): the simulator pay page -> 404 (the simulator is off)', async () => {
    const page = await app.inject({ method: 'GET', url: '/simulator/pay/SNTP-1-abcdef' });
    expect(page.statusCode).toBe(404);
  });
});

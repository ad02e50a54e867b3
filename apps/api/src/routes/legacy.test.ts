import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLegacyPath } from '@santap/qr';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { dynamicQrText } from '../services/flows/tables/scan';

describe.each(ENGINES)('legacy entry links on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  const follow = async (path: string) => {
    const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return response.headers.get('location');
  };

  it('set_restaurant_qr.php with a table -> /r/{nameid}/1 with source, tableId and tableNo', async () => {
    expect(await follow('/set_restaurant_qr.php?restaurant_id=1001&tid=5003')).toBe(
      '/r/kopitiam-ali/1?source=qr&tableId=5003&tableNo=5003',
    );
  });

  it('type tk -> /r/{nameid}/3/ta', async () => {
    expect(await follow('/set_restaurant_qr.php?restaurant_id=1003&type=tk')).toBe('/r/coto-makassar/3/ta');
  });

  it('unknown restaurant -> /qrError', async () => {
    expect(await follow('/set_restaurant_qr.php?restaurant_id=999999&tid=1')).toMatch(/^\/qrError/);
  });

  it('signed dynamic link -> menu; expired -> /qrError naming QR expired; forged -> invalid QR', async () => {
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const payload = { kind: 'table', restaurantId: '1002', tableId: '5101' } as const;
    const valid = new URL(dynamicQrText(server.baseUrl, 'demo-qr-secret-1002', payload, now + 600));
    expect(await follow(valid.pathname + valid.search)).toMatch(/^\/r\/warung-sari\//);
    const expired = new URL(dynamicQrText(server.baseUrl, 'demo-qr-secret-1002', payload, now - 1));
    expect(await follow(expired.pathname + expired.search)).toBe('/qrError?reason=errors.qrExpired');
    const forged = new URL(dynamicQrText(server.baseUrl, 'wrong-key', payload, now + 600));
    expect(await follow(forged.pathname + forged.search)).toBe('/qrError?reason=errors.invalidQr');
  });

  it('menu.php with ot, and with date and slot -> /r/{name}/{ot} and query', async () => {
    expect(await follow('/menu.php?rest_name=kopitiam-ali&ot=2')).toBe('/r/kopitiam-ali/2');
    expect(await follow('/menu.php?rest_name=kopitiam-ali&date=2026-11-24&slot=19:30')).toMatch(
      /^\/r\/kopitiam-ali\?date=2026-11-24&slot=19(%3A|:)30$/,
    );
  });

  it('/index.php and every path starting with it (isLegacyPath) -> /home', async () => {
    expect(await follow('/index.php')).toBe('/home');
    expect(await follow('/index.php/anything?x=1')).toBe('/home');
    expect(await follow('/index.phpx')).toBe('/home');
    expect(await follow('/index.php?route=product/category')).toBe('/home');
    for (const path of ['/index.php', '/index.php/a/b', '/index.phpx']) expect(isLegacyPath(path)).toBe(true);
  });

  it('a path only like /index.php -> not a legacy link (the app, not a redirect home)', async () => {
    expect(isLegacyPath('/index.ph')).toBe(false);
    const response = await fetch(`${server.baseUrl}/index.ph`, { redirect: 'manual' });
    expect(response.headers.get('location')).not.toBe('/home');
  });
});

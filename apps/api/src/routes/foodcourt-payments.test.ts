import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeFoodCourtOrder } from '../../test/journeys';

/**
 * Where the one food-court payment sends the payer back: to the food court's own page on the
 * server's public URL, or to the mall's own host when the payment was started there (the cart token
 * cookie and the login live on that host).
 */
describe.each(ENGINES)('food-court payment return (%s)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Starts the food-court payment as a browser on `host` would (same cart token). */
  async function initiateOn(host: string) {
    const client = server.client();
    const placed = await placeFoodCourtOrder(client);
    const reply = await server.app.inject({
      method: 'POST',
      url: payments.paymentInitiateFoodCourt.path,
      headers: { host, 'cart-token': client.cartToken, 'content-type': 'application/json' },
      payload: { fc_order_id: placed.fc_order_id, method: 'Card', channel: 'PNCO' },
    });
    expect(reply.statusCode).toBe(200);
    const redirect = (reply.json() as { data: { redirect_url: string } }).data.redirect_url;
    // The simulator's page answers the payer with a redirect to the return URL.
    const paid = await fetch(`${server.baseUrl}${new URL(redirect).pathname}${new URL(redirect).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ channel: 'PNCO', outcome: 'success' }).toString(),
      redirect: 'manual',
    });
    return { fcOrderId: placed.fc_order_id!, location: new URL(paid.headers.get('location') ?? 'http://x/') };
  }

  it('started at localhost:3000 (the public URL) -> back to http://localhost:3000/fc/mall-demo/payment/response', async () => {
    const { fcOrderId, location } = await initiateOn('localhost:3000');
    expect(location.origin).toBe('http://localhost:3000');
    expect(location.pathname).toBe('/fc/mall-demo/payment/response');
    expect(location.searchParams.get('fc_order_id')).toBe(String(fcOrderId));
    expect(location.searchParams.get('status')).toBe('1');
  });

  it("started on the mall's host mall-demo.localhost:3000 -> back to that host", async () => {
    const { location } = await initiateOn('mall-demo.localhost:3000');
    expect(location.origin).toBe('http://mall-demo.localhost:3000');
    expect(location.pathname).toBe('/fc/mall-demo/payment/response');
  });

  it('a Host of another mall or site (other-mall.localhost, mall-demo.evil.example) -> the public URL, never there', async () => {
    for (const host of ['other-mall.localhost:3000', 'mall-demo.evil.example']) {
      const { location } = await initiateOn(host);
      expect(location.origin).toBe('http://localhost:3000');
    }
  });
});

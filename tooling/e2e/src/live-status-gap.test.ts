import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, staffSetStatus, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { guestOrderAtT3 } from './guest-order-kit';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const CART_TOKEN = 'userLiveGap0001';

describe('the order status page and a change in its first moments', () => {
  it('the kitchen confirms after the page read the order but before its subscription reached the server -> the page still turns "Confirmed", without a reload', async () => {
    const { context, page } = await browser.newPage();
    await context.addCookies([{ name: 'cart_token', value: CART_TOKEN, url: server.baseUrl }]);
    const placed = await guestOrderAtT3(server, CART_TOKEN);
    const topic = `order:${placed.order_id}`;

    // The page's socket goes through here: its subscription to this order waits until the page shows
    // the order as read, then the manager confirms, then the subscription goes on. The confirmation's
    // event is sent to nobody: only a read on subscribing can show it.
    let confirmedInTheGap = false;
    await page.routeWebSocket(
      (url) => url.pathname.startsWith('/ws'),
      (socket) => {
        const upstream = socket.connectToServer();
        socket.onMessage(async (message) => {
          const text = typeof message === 'string' ? message : message.toString();
          if (!confirmedInTheGap && text.includes('"subscribe"') && text.includes(`"${topic}"`)) {
            confirmedInTheGap = true;
            await page
              .getByRole('status')
              .getByText('Waiting for restaurant confirmation')
              .waitFor({ state: 'visible' });
            await page.evaluate(() => Object.assign(window, { e2eMarker: 'same page' }));
            expect((await staffSetStatus(server, 'kopitiam-ali-manager', placed.order_id, 1)).status).toBe(1);
          }
          upstream.send(message);
        });
      },
    );

    await page.goto(`${server.baseUrl}/orderstatus/order_id/${placed.order_id}`);
    await expectVisible(page.getByRole('status').getByText('Confirmed', { exact: true }));
    expect(confirmedInTheGap).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe(
      'same page',
    );
    await context.close();
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSessionToken,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  signUpOnLoginPage,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const KOPITIAM = 'kopitiam-ali';
const PHONE = '+60194100001';

/** A call through the real API (in-process) as the diner; answers `data`. */
async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  as: { token: string; cartToken: string; tableTicket?: string },
  payload?: object,
): Promise<T> {
  const reply = await server.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${as.token}`,
      'cart-token': as.cartToken,
      ...(as.tableTicket ? { 'table-ticket': as.tableTicket } : {}),
    },
    ...(payload ? { payload } : {}),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json() as { data: T }).data;
}

type MenuItem = {
  id: number;
  name: string;
  in_stock: boolean;
  is_voucher: boolean;
  option_groups: { required: boolean }[];
};

describe('the diner account (spec §2, §7 Profile)', () => {
  it('guest -> login with OTP and back to /profileHome -> profile edited, address and allergy added -> a past order repeated: the cart holds what is still available', async () => {
    const { context, page } = await browser.newPage();

    // A guest opening the account is sent to log in, and brought back afterwards.
    await page.goto(`${server.baseUrl}/profileHome`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('path')).toBe('/profileHome');
    // A new diner: the code, their name, then the date of birth, confirmed once.
    await signUpOnLoginPage(server, page, {
      localNumber: '194100001',
      phone: PHONE,
      name: 'Aisyah Rahman',
      dateOfBirth: '1990-04-02',
    });
    await page.waitForURL((url) => url.pathname === '/profileHome');
    await expectVisible(page.getByRole('heading', { name: 'Hello, Aisyah Rahman' }));

    // Profile data.
    await page.getByRole('link', { name: 'Profile details' }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    await expectVisible(page.getByText('2 April 1990'));
    await page.getByRole('textbox', { name: 'Full name' }).fill('Aisyah binti Rahman');
    await page.getByRole('textbox', { name: 'Email (Optional)' }).fill('aisyah@example.my');
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('button', { name: 'Save details' }).click();
    await expectVisible(page.getByText('Your details are saved'));

    // An address typed by hand, its pin placed on the map.
    await page.getByRole('button', { name: 'Add address' }).click();
    await page
      .getByRole('dialog', { name: 'Use your location?' })
      .getByRole('button', { name: 'Enter address manually' })
      .click();
    const address = page.getByRole('dialog', { name: 'Delivery address' });
    await address.getByRole('textbox', { name: 'Apartment or house number' }).fill('A-12-3, Residensi Bukit');
    await address.getByRole('textbox', { name: 'Landmark (Optional)' }).fill('Opposite the mosque');
    await address.getByRole('textbox', { name: 'City' }).fill('Kuala Lumpur');
    await address.getByRole('button', { name: 'Save address' }).click();
    await page
      .getByRole('dialog', { name: 'Place the pin' })
      .getByRole('button', { name: 'Confirm location' })
      .click();
    await expectVisible(page.getByText('Address saved'));
    // The first address is the default one.
    await expectVisible(page.getByRole('button', { name: /^Delete: .*A-12-3, Residensi Bukit$/ }));
    await expectVisible(page.getByText('· Default'));

    // An allergy.
    await page.getByRole('button', { name: 'Add or remove allergies' }).click();
    const allergies = page.getByRole('dialog', { name: 'Your allergies' });
    await allergies.getByRole('checkbox', { name: 'Fish', exact: true }).check();
    await allergies.getByRole('button', { name: 'Save' }).click();
    await expectVisible(page.getByRole('button', { name: 'Edit allergy: Fish' }));

    // All of it was saved: read back after a reload.
    await page.reload();
    expect(await page.getByRole('textbox', { name: 'Full name' }).inputValue()).toBe('Aisyah binti Rahman');
    expect(await page.getByRole('textbox', { name: 'Email (Optional)' }).inputValue()).toBe(
      'aisyah@example.my',
    );
    await expectVisible(page.getByText('A-12-3, Residensi Bukit'));
    await expectVisible(page.getByRole('button', { name: 'Edit allergy: Fish' }));

    // A past order, placed through the API as this diner: two dishes at table T3, paid later.
    const token = await browserSessionToken(context, page);
    const as = {
      token,
      cartToken: `user${randomBytes(9).toString('base64url').slice(0, 11)}`,
      tableTicket: await scanTableTicket(server, 1001, 5003),
    };
    const menu = await call<{ items: MenuItem[] }>('GET', `/api/menu?restaurant_id=${KOPITIAM}`, as);
    const [kept, soldOut] = menu.items.filter(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    );
    if (!kept || !soldOut) throw new Error('the demo menu needs two plain dishes');
    await call('POST', '/api/orders/cart/update.php', as, { scope: KOPITIAM, item_id: kept.id, quantity: 2 });
    await call('POST', '/api/orders/cart/update.php', as, {
      scope: KOPITIAM,
      item_id: soldOut.id,
      quantity: 1,
    });
    await call('POST', '/api/orders/cart/update_cart_details.php', as, {
      scope: KOPITIAM,
      context: { orderType: 1, tableId: 5003 },
    });
    const placed = await call<{ order_id: number }>('POST', '/api/orders/create.php', as, {
      scope: KOPITIAM,
      payment_mode: 'pay_later',
    });
    // The second dish sells out afterwards (the menu answer is cached for a few seconds).
    await server.db.database.db.execute(
      `update menu_items set in_stock = false where id = ${Number(soldOut.id)}`,
    );
    for (let started = Date.now(); Date.now() - started < 15_000;) {
      const now = await call<{ items: MenuItem[] }>('GET', `/api/menu?restaurant_id=${KOPITIAM}`, as);
      if (now.items.find((item) => item.id === soldOut.id)?.in_stock === false) break;
      await page.waitForTimeout(1_000);
    }

    // Repeat it from the order history: the available dish goes into the cart, the other is named.
    await page.goto(`${server.baseUrl}/profileHome`);
    await page.getByRole('link', { name: 'Order history' }).click();
    await page.waitForURL((url) => url.pathname === '/orderHistory');
    await expectVisible(page.getByRole('heading', { name: 'Kopitiam Ali' }));
    await expectVisible(page.getByText(`Order #${placed.order_id}`, { exact: false }));
    await page.getByRole('button', { name: 'Repeat last order' }).click();
    const repeat = page.getByRole('dialog', { name: 'Repeat your last order?' });
    const unavailable = repeat
      .getByRole('listitem')
      .filter({ has: page.getByText(soldOut.name, { exact: true }) });
    await expectVisible(unavailable.getByText('Not available now, will be skipped'));
    expect(
      await repeat
        .getByRole('listitem')
        .filter({ has: page.getByText(kept.name, { exact: true }) })
        .getByText('Not available now')
        .count(),
    ).toBe(0);
    await repeat.getByRole('button', { name: /^Add these to cart/ }).click();

    // One cart update per dish, then the cart page and its bill: generous on a shared 2-core machine.
    await page.waitForURL((url) => url.pathname === `/cart/${KOPITIAM}/1`, { timeout: 30_000 });
    await expectVisible(page.getByRole('group', { name: kept.name }));
    expect(await page.getByRole('group', { name: soldOut.name }).count()).toBe(0);

    // The server's cart of this browser holds exactly the available dish, twice.
    const browserCart = (await context.cookies()).find((cookie) => cookie.name === 'cart_token')?.value;
    expect(browserCart).toBeDefined();
    const cart = await call<{ items: { item_id: number; quantity: number; available: boolean }[] }>(
      'GET',
      `/api/orders/cart/get.php?scope=${KOPITIAM}`,
      { token, cartToken: browserCart! },
    );
    expect(cart.items.map((line) => [line.item_id, line.quantity])).toEqual([[kept.id, 2]]);
    await context.close();
  });
});

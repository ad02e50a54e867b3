import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappWebhookStop as stopFixture } from '@santap/api/testing';
import {
  apiCall,
  browserSessionToken,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  staffSetStatus,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { startMessagingFakes } from './messaging-fakes';
import type { MessagingFakes } from './messaging-fakes';

const APP_SECRET = 'e2e-app-secret';
const PHONE = '+60194200001';

let fakes: MessagingFakes;
let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  fakes = await startMessagingFakes();
  [server, browser] = await Promise.all([
    startE2eServer({
      devInbox: false,
      messaging: {
        otpSenders: ['whatsapp'],
        whatsapp: {
          accessToken: 'e2e-whatsapp-token',
          phoneNumberId: '109876543210987',
          appSecret: APP_SECRET,
          verifyToken: 'e2e-verify',
          otpTemplate: 'santap_otp',
          templatePrefix: 'santap_',
          baseUrl: fakes.whatsappBaseUrl,
        },
      },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fakes?.close();
});

const updatesTo = (phone: string) =>
  fakes.sent.filter((m) => m.to === phone && m.template !== 'santap_otp').map((m) => m.template);

describe('WhatsApp order updates (loopback fake of the Cloud API)', () => {
  it('a diner ticks "updates on WhatsApp" in the account -> confirmed order arrives on WhatsApp -> replies STOP -> nothing more, the box is unticked', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/profileHome`);
    await page.waitForURL((url) => url.pathname === '/login');
    // WhatsApp is this server's only OTP sender: the page names it and offers no choice.
    await expectVisible(page.getByText('Your code will come on WhatsApp'));
    expect(await page.getByRole('radio', { name: 'WhatsApp message' }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill(PHONE.slice(3));
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(page.getByText(`We sent a 6-digit code on WhatsApp to ${PHONE}`));
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(fakes.lastCode(PHONE));
    await expectVisible(page.getByRole('heading', { name: 'Tell us about you' }));
    await page.getByRole('textbox', { name: 'Full name' }).fill('Aisyah Rahman');
    await page.getByRole('button', { name: 'Continue' }).click();
    const dob = page.getByRole('dialog', { name: 'Your date of birth' });
    await dob.getByLabel('Date of birth').fill('1990-04-02');
    await dob.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    await page.waitForURL((url) => url.pathname === '/profileHome');

    // Off until the diner agrees, in the account.
    await page.getByRole('link', { name: 'Profile details' }).click();
    await page.waitForURL((url) => url.pathname === '/user');
    const box = page.getByRole('checkbox', { name: 'Send me order and booking updates on WhatsApp' });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await expectVisible(page.getByText('WhatsApp updates are on'));

    // An order of this diner at T3 (through the API), confirmed by the restaurant.
    // The session is the browser's HttpOnly cookie (the page never holds the token).
    const as = {
      token: await browserSessionToken(context, page),
      cartToken: `user${randomBytes(9).toString('base64url').slice(0, 11)}`,
      tableTicket: await scanTableTicket(server, 1001, 5003),
    };
    const menu = await apiCall<{
      items: { id: number; in_stock: boolean; is_voucher: boolean; option_groups: { required: boolean }[] }[];
    }>(server, 'GET', '/api/menu?restaurant_id=kopitiam-ali', as);
    const dish = menu.items.find(
      (item) => item.in_stock && !item.is_voucher && item.option_groups.every((group) => !group.required),
    )!;
    await apiCall(server, 'POST', '/api/orders/cart/update.php', {
      ...as,
      payload: { scope: 'kopitiam-ali', item_id: dish.id, quantity: 1 },
    });
    await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
      ...as,
      payload: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5003 } },
    });
    const placed = await apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
      ...as,
      payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
    });
    await staffSetStatus(server, 'kopitiam-ali-manager', placed.order_id, 1);
    await expect.poll(() => updatesTo(PHONE), { timeout: 15_000 }).toEqual(['santap_order_confirmed']);
    expect(fakes.sent.at(-1)).toMatchObject({ code: 'Kopitiam Ali' });

    // The diner replies STOP on WhatsApp: Meta's signed webhook.
    const stop = structuredClone(stopFixture.text);
    stop.entry[0]!.changes[0]!.value.messages[0]!.from = PHONE.slice(1);
    const raw = JSON.stringify(stop);
    const webhook = await fetch(`${server.baseUrl}/api/webhooks/whatsapp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(webhook.status).toBe(200);

    await staffSetStatus(server, 'kopitiam-ali-manager', placed.order_id, 2);
    await staffSetStatus(server, 'kopitiam-ali-manager', placed.order_id, 3);
    await page.waitForTimeout(1_500);
    expect(updatesTo(PHONE)).toEqual(['santap_order_confirmed']);

    await page.reload();
    const after = page.getByRole('checkbox', { name: 'Send me order and booking updates on WhatsApp' });
    await after.waitFor({ state: 'visible' });
    expect(await after.isChecked()).toBe(false);
    await context.close();
  }, 120_000);
});

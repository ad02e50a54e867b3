import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import { startMessagingFakes } from './messaging-fakes';
import type { MessagingFakes } from './messaging-fakes';

let fakes: MessagingFakes;
let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  fakes = await startMessagingFakes();
  [server, browser] = await Promise.all([
    startE2eServer({
      devInbox: false,
      messaging: {
        otpSenders: ['whatsapp', 'sms'],
        whatsapp: {
          accessToken: 'e2e-whatsapp-token',
          phoneNumberId: '109876543210987',
          appSecret: 'e2e-app-secret',
          verifyToken: 'e2e-verify',
          otpTemplate: 'santap_otp',
          templatePrefix: 'santap_',
          baseUrl: fakes.whatsappBaseUrl,
        },
        sms: {
          provider: 'twilio',
          twilio: {
            accountSid: 'ACe2e00000000000000000000000000001',
            authToken: 'e2e-twilio-token',
            from: 'Santap',
            baseUrl: fakes.twilioBaseUrl,
          },
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

describe('OTP through the WhatsApp Cloud API and Twilio (loopback fakes, no dev inbox)', () => {
  it('otpless login -> WhatsApp chosen; the code from the WhatsApp message logs in', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/login?otpless=1`);
    expect(await page.getByRole('radio', { name: 'WhatsApp message' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('187000001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(page.getByText('We sent a 6-digit code on WhatsApp to +60187000001'));
    expect(fakes.sent.at(-1)).toMatchObject({ provider: 'whatsapp', to: '+60187000001' });
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(fakes.lastCode('+60187000001'));
    await expectVisible(page.getByRole('heading', { name: 'Tell us about you' }));
    await context.close();
  });

  it('a number not on WhatsApp -> "Send it by SMS?" at once; the SMS code from Twilio logs in', async () => {
    fakes.notOnWhatsApp.add('+60187000002');
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/login?otpless=1`);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('187000002');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(page.getByText("We couldn't send the code by WhatsApp. Send it by SMS?"));
    await page.getByRole('button', { name: 'Send it by SMS' }).click();
    await expectVisible(page.getByText('We sent a 6-digit code by SMS to +60187000002'));
    expect(fakes.sent.at(-1)).toMatchObject({ provider: 'twilio', to: '+60187000002' });
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(fakes.lastCode('+60187000002'));
    await expectVisible(page.getByRole('heading', { name: 'Tell us about you' }));
    await context.close();
  });
});

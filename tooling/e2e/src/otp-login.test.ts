import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectVisible, launchBrowser, startE2eServer } from './harness';
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

/** The last OTP the dev SMS sender kept for `phone` (GET /api/dev/inbox). */
async function otpFor(phone: string): Promise<string> {
  const reply = await server.app.inject({
    method: 'GET',
    url: `/api/dev/inbox?recipient=${encodeURIComponent(phone)}`,
  });
  expect(reply.statusCode).toBe(200);
  const { messages } = (reply.json() as { data: { messages: { body: string }[] } }).data;
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.body ?? '')?.[1];
  if (!code) throw new Error(`No OTP in the dev inbox for ${phone}`);
  return code;
}

describe('OTP login (spec §6, §8)', () => {
  it('a wrong code -> "You have entered an incorrect OTP!"; the right code from the dev inbox -> logged in (new-user details step)', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('194000001');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expectVisible(page.getByText('We sent a 6-digit code by SMS to +60194000001'));

    const code = await otpFor('+60194000001');
    const wrong = code === '000000' ? '111111' : '000000';
    // Six boxes that move on as digits are typed; the sixth digit submits.
    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(wrong);
    await expectVisible(page.getByRole('alert').getByText('You have entered an incorrect OTP!'));
    await expectVisible(page.getByRole('heading', { name: 'Enter your code' }));

    await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.keyboard.type(code);
    await expectVisible(page.getByRole('heading', { name: 'Tell us about you' }));
    expect(await page.getByRole('alert').getByText('You have entered an incorrect OTP!').count()).toBe(0);
    await context.close();
  });
});

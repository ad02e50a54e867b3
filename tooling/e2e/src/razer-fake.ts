/**
 * A loopback fake of Razer Merchant Services' hosted payment page for e2e journeys, speaking its
 * documented protocol (not our adapter's code): `GET /RMS/pay/{merchant}/{channel}?amount&orderid&…
 * &returnurl&callbackurl&vcode` is checked (`vcode` = md5(amount + merchant + orderid + verify key)),
 * the payment is approved at once, the signed callback (`skey`, `nbcb=1`) is posted to `callbackurl`
 * (its answer kept: Razer wants `CBTOKEN:MPSTATOK`), and the browser is returned to `returnurl` by an
 * auto-submitting form POST of the same signed fields, as Razer does.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const RAZER_E2E_KEYS = {
  merchantId: 'santap_E2E',
  verifyKey: 'vk-santap-e2e-0001',
  secretKey: 'sk-santap-e2e-0001',
} as const;

export interface RazerCallback {
  orderid: string;
  channel: string;
  amount: string;
  /** What our server answered the callback with. */
  answer: { status: number; body: string };
}

export interface RazerFake {
  baseUrl: string;
  callbacks: RazerCallback[];
  close(): Promise<void>;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startRazerFake(): Promise<RazerFake> {
  const callbacks: RazerCallback[] = [];
  let tranId = 30_500_000;
  const { merchantId, verifyKey, secretKey } = RAZER_E2E_KEYS;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://razer.fake');
      const page = /^\/RMS\/pay\/([^/]+)\/([^/]*)$/.exec(url.pathname);
      if (request.method !== 'GET' || !page) {
        response.writeHead(404, { 'content-type': 'text/plain' });
        return response.end('not found');
      }
      const query = Object.fromEntries(url.searchParams);
      const merchant = decodeURIComponent(page[1]!);
      const channel = decodeURIComponent(page[2]!);
      const { amount = '', orderid = '', returnurl = '', callbackurl = '', vcode = '' } = query;
      if (merchant !== merchantId || vcode !== md5(amount + merchant + orderid + verifyKey)) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        return response.end('Invalid vcode');
      }
      const fields = {
        tranID: String(++tranId),
        orderid,
        status: '00',
        domain: merchant,
        amount,
        currency: 'MYR',
        paydate: new Date().toISOString().slice(0, 19).replace('T', ' '),
        appcode: '',
      };
      const key0 = md5(
        fields.tranID + fields.orderid + fields.status + fields.domain + fields.amount + fields.currency,
      );
      const skey = md5(fields.paydate + fields.domain + key0 + fields.appcode + secretKey);
      const signed = { ...fields, channel, error_code: '', error_desc: '', skey };

      const answer = await fetch(callbackurl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...signed, nbcb: '1' }).toString(),
      });
      callbacks.push({
        orderid,
        channel,
        amount,
        answer: { status: answer.status, body: await answer.text() },
      });

      const inputs = Object.entries(signed)
        .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
        .join('');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>Razer fake</title><body>` +
          `<form id="back" method="post" action="${escapeHtml(returnurl)}">${inputs}` +
          `<button>Return to merchant</button></form>` +
          `<script>document.getElementById('back').submit()</script></body></html>`,
      );
    })().catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    callbacks,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

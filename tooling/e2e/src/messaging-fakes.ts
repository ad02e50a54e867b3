/**
 * Loopback fakes of the messaging providers for e2e journeys: a WhatsApp Cloud API and a Twilio
 * Messaging API on 127.0.0.1, answering the recorded replies of `apps/api`'s fixtures
 * (`services/adapters/messaging/<sender>/fixtures/`) and keeping what was sent, so a journey reads the code off the
 * "phone" instead of the dev inbox. A WhatsApp number listed in `notOnWhatsApp` gets Meta's 131026.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioMessages as twilioFixture, whatsappSendErrors as whatsappErrors } from '@santap/api/testing';

export interface SentMessage {
  provider: 'whatsapp' | 'twilio';
  to: string;
  /** The first body parameter (an OTP's code; an order update's restaurant). */
  code: string;
  /** The WhatsApp template's name (`santap_otp`, `santap_order_confirmed`…). */
  template?: string;
}

export interface MessagingFakes {
  whatsappBaseUrl: string;
  twilioBaseUrl: string;
  sent: SentMessage[];
  notOnWhatsApp: Set<string>;
  /** The code of the last message to `phone` (E.164). */
  lastCode(phone: string): string;
  close(): Promise<void>;
}

export async function startMessagingFakes(): Promise<MessagingFakes> {
  const sent: SentMessage[] = [];
  const notOnWhatsApp = new Set<string>();
  let count = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      const url = request.url ?? '';
      if (request.method === 'POST' && url.startsWith('/whatsapp/') && url.endsWith('/messages')) {
        if (request.headers.authorization !== 'Bearer e2e-whatsapp-token')
          return reply(401, { error: { code: 190 } });
        const message = JSON.parse(body) as {
          to: string;
          template: { name: string; components: { parameters: { text: string }[] }[] };
        };
        const to = `+${message.to}`;
        if (notOnWhatsApp.has(to))
          return reply(whatsappErrors.notOnWhatsApp.status, whatsappErrors.notOnWhatsApp.body);
        sent.push({
          provider: 'whatsapp',
          to,
          code: message.template.components[0]!.parameters[0]!.text,
          template: message.template.name,
        });
        return reply(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id: `wamid.e2e-${++count}` }],
        });
      }
      if (
        request.method === 'POST' &&
        url.startsWith('/twilio/2010-04-01/Accounts/') &&
        url.endsWith('/Messages.json')
      ) {
        const form = new URLSearchParams(body);
        const code = /\b(\d{6})\b/.exec(form.get('Body') ?? '')?.[1] ?? '';
        sent.push({ provider: 'twilio', to: form.get('To') ?? '', code });
        return reply(201, { ...twilioFixture.response.body, sid: `SMe2e${++count}`, to: form.get('To') });
      }
      reply(404, { error: 'unknown route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    whatsappBaseUrl: `${base}/whatsapp`,
    twilioBaseUrl: `${base}/twilio`,
    sent,
    notOnWhatsApp,
    lastCode(phone) {
      const message = sent.filter((m) => m.to === phone).at(-1);
      if (!message) throw new Error(`nothing sent to ${phone}`);
      return message.code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

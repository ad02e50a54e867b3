import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { mailTransportFor, noMailTransport } from './mailer';

/** A minimal SMTP server on loopback: records each message's envelope and data; can refuse MAIL FROM. */
async function smtpServer(options: { refuseWith?: string } = {}) {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 localhost');
        else if (verb === 'MAIL') {
          if (options.refuseWith) reply(options.refuseWith);
          else {
            current.from = line;
            reply('250 2.1.0 OK');
          }
        } else if (verb === 'RCPT') {
          current.to.push(line);
          reply('250 2.1.5 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const contextWith = (config: Partial<AppContext['config']>) =>
  ({ config: { devInbox: false, ...config }, now: () => new Date() }) as unknown as AppContext;

const MAIL = {
  from: 'Santap <no-reply@santap.test>',
  to: 'siti@example.com',
  subject: 'Invois anda daripada Kopitiam Ali - pesanan #42',
  html: '<p>Invois</p>',
  text: 'Invois',
  attachments: [
    {
      filename: 'invois-42.pdf',
      contentType: 'application/pdf',
      content: new TextEncoder().encode('%PDF-1.7 test'),
    },
  ],
};

describe('mailTransportFor', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('SMTP_URL set -> the mail goes over SMTP with its HTML, text and PDF attachment', async () => {
    const smtp = await smtpServer();
    servers.push(smtp);
    const transport = mailTransportFor(contextWith({ mail: { smtpUrl: smtp.url, from: MAIL.from } }));
    expect(transport.kind).toBe('smtp');
    await transport.send(MAIL);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.from).toContain('<no-reply@santap.test>');
    expect(message!.to).toEqual([expect.stringContaining('<siti@example.com>')]);
    expect(message!.data).toContain('Subject: Invois anda daripada Kopitiam Ali - pesanan #42');
    expect(message!.data).toContain('Content-Type: text/html');
    expect(message!.data).toContain('Content-Type: application/pdf; name=invois-42.pdf');
    expect(message!.data).toContain(Buffer.from('%PDF-1.7 test').toString('base64'));
  });

  it('SMTP server refuses (421) -> send rejects with the server reply', async () => {
    const smtp = await smtpServer({ refuseWith: '421 4.3.2 Service not available' });
    servers.push(smtp);
    const transport = mailTransportFor(contextWith({ mail: { smtpUrl: smtp.url, from: MAIL.from } }));
    await expect(transport.send(MAIL)).rejects.toThrow(/421/);
  });

  it('no SMTP and the dev inbox off (production) -> the transport that always fails', async () => {
    const transport = mailTransportFor(contextWith({ mail: { from: MAIL.from } }));
    expect(transport).toBe(noMailTransport);
    await expect(transport.send(MAIL)).rejects.toThrow(/SMTP_URL/);
  });

  it('no SMTP, dev inbox on -> the dev mailbox', () => {
    expect(mailTransportFor(contextWith({ devInbox: true })).kind).toBe('dev-mailbox');
  });
});

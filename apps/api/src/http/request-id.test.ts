import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { freshPhone } from '../../test/phones';

const PHONE_BLOCK = '+60189';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(ENGINES)('request ids on %s', (engine) => {
  let server: TestServer;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: { logLevel: 'info' },
      server: { logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } },
    });
  });
  afterAll(() => server?.close());

  const health = (headers: Record<string, string> = {}) => fetch(`${server.baseUrl}/health`, { headers });

  it('a well-formed x-request-id -> echoed in the reply', async () => {
    for (const id of ['probe-42', '0f8c2a9e-1b7d-4c3a-9e5f-2d6b8a1c4e70', 'lb.trace:7Q2-x_9']) {
      expect((await health({ 'x-request-id': id })).headers.get('x-request-id')).toBe(id);
    }
  });

  it('none, or a malformed one -> a new UUID each time, never the caller bytes', async () => {
    const ids = [];
    for (const bad of ['', 'has space', '../../etc/passwd', 'x'.repeat(129), '-starts-with-dash', 'ü']) {
      const id = (await health(bad ? { 'x-request-id': bad } : {})).headers.get('x-request-id');
      expect(id, bad).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a refusal by an early hook (a cross-site write) -> still carries its id', async () => {
    const reply = await fetch(`${server.baseUrl}/v1/user/send_otp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        'x-request-id': 'csrf-1',
      },
      body: JSON.stringify({ phone: freshPhone(PHONE_BLOCK) }),
    });
    expect(reply.status).toBe(403);
    expect(reply.headers.get('x-request-id')).toBe('csrf-1');
  });

  it("every log line of a request carries its id: Fastify's, and a service's ctx.log after the body was read", async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const reply = await fetch(`${server.baseUrl}/v1/user/send_otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'otp-send-7' },
      body: JSON.stringify({ phone, channel: 'sms' }),
    });
    expect(reply.status).toBe(200);
    const ofRequest = lines.filter((line) => line.reqId === 'otp-send-7').map((line) => line.msg);
    expect(ofRequest).toContain('incoming request');
    expect(ofRequest).toContain('request completed');
    // Written by the dev OTP sender through ctx.log, the server's logger, not the request's.
    const otpLines = lines.filter(
      (line) => String(line.msg).startsWith('dev OTP sender') && line.phone === phone,
    );
    expect(otpLines).toHaveLength(1);
    expect(otpLines[0]!.reqId).toBe('otp-send-7');
  });

  it("a body that arrives after the headers -> the service's ctx.log line still carries the id", async () => {
    const phone = freshPhone(PHONE_BLOCK);
    const body = JSON.stringify({ phone, channel: 'sms' });
    const status = await new Promise<number>((resolve, reject) => {
      const sending = httpRequest(
        `${server.baseUrl}/v1/user/send_otp`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-request-id': 'slow-body-3',
          },
        },
        (reply) => {
          reply.resume();
          reply.on('end', () => resolve(reply.statusCode ?? 0));
        },
      );
      sending.on('error', reject);
      // Half now, half later: the body is read in the socket's own async context.
      sending.write(body.slice(0, 10));
      setTimeout(() => sending.end(body.slice(10)), 100);
    });
    expect(status).toBe(200);
    const otpLine = lines.find(
      (line) => String(line.msg).startsWith('dev OTP sender') && line.phone === phone,
    );
    expect(otpLine?.reqId).toBe('slow-body-3');
  });

  it('a line logged outside any request -> no request id', async () => {
    server.app.santap.log.info('outside a request');
    const line = lines.find((entry) => entry.msg === 'outside a request');
    expect(line).toBeDefined();
    expect(line!.reqId).toBeUndefined();
  });
});

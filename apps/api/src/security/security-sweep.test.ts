/**
 * Schema-driven bad-input sweep: every call of the OpenAPI document the server serves (`/api/docs`,
 * generated from the contract, so a new call is swept without editing this file) gets hostile path
 * ids, an empty body, a body of wrong types, 100 KB strings in every string field and in the query,
 * as a stranger, a guest and a staff member. Never a 5xx, never a stack trace in a reply. Prints the
 * counts. Limits are relaxed here (this is about crashes; security-limits.test.ts covers the limits).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, staff as staffApi } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { menuItems, restaurants } from '../db/schema';
import { DEMO_STAFF_PASSWORD } from '../seed/ids';
import {
  TWILIO_INBOUND_PATH,
  TWILIO_STATUS_PATH,
  WHATSAPP_WEBHOOK_PATH,
} from '../services/adapters/messaging/messaging';
import { twilioSignature } from '../services/adapters/messaging/twilio/twilio';
import { hubSignature } from '../services/adapters/messaging/whatsapp/whatsapp-cloud';
import { TEST_WHATSAPP } from '../../test/messaging-kit';

/** A dish of kopitiam-ali (1001), whose manager the sweep calls as. */
const DISH = 1_001_001;
import { openApiOperations } from './openapi-operations';
import type { JsonSchema, SweptOperation } from './openapi-operations';

const HUGE = 'x'.repeat(100 * 1024);
const HOSTILE_IDS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1e3',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  "1'--",
  HUGE.slice(0, 2000),
];

/** A value of the wrong type for a schema: a string gets an object, anything else a string. */
function wrongType(schema: JsonSchema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  return type === 'string' ? { nested: ['not', 'a', 'string'] } : 'not-a-number';
}

/** The schema's object with every string field a 100 KB string (and numbers huge). */
function oversized(schema: JsonSchema | undefined): unknown {
  if (!schema) return HUGE;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.[0]) return oversized(options[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, value]) => [key, oversized(value)]),
    );
  }
  if (type === 'array') return [oversized(schema.items), oversized(schema.items)];
  if (type === 'integer' || type === 'number') return 1e308;
  if (type === 'boolean') return HUGE;
  return HUGE;
}

function wrongTypes(schema: JsonSchema | undefined): unknown {
  if (!schema?.properties) return ['an', 'array', 'instead'];
  return Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, wrongType(value)]));
}

const STACK = /\bat [\w.<>]+ \(|\.ts:\d+:\d+|node_modules|Error: /;

describe.each(ENGINES)('bad-input sweep on %s', (engine) => {
  let server: TestServer;
  let operations: SweptOperation[];
  let callers: Record<string, Record<string, string>>;

  beforeAll(async () => {
    server = await startTestServer(engine);
    operations = await openApiOperations(server.baseUrl);
    const guest = await server.client().call(auth.registerGuest, {});
    const manager = await server.client().call(staffApi.staffLogin, {
      body: { username: 'kopitiam-ali-manager', password: DEMO_STAFF_PASSWORD },
    });
    callers = {
      stranger: {},
      guest: { authorization: `Bearer ${guest.token}`, 'cart-token': 'userSweepGuest1' },
      staff: { authorization: `Bearer ${manager.token}` },
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every call of /api/docs with hostile input, as a stranger, a guest and staff -> no 5xx, no stack trace', async () => {
    expect(operations.length).toBeGreaterThan(100);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let requests = 0;
    for (const { method, path, operation, access } of operations) {
      const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      const queryParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const bodySchema = operation.requestBody?.content['application/json'].schema;
      const paths = (pathParams.length === 0 ? ['1'] : HOSTILE_IDS).map((id) =>
        path.replace(/\{[^}]+\}/g, encodeURIComponent(id)).replace(/%25/g, '%'),
      );
      const queries = [
        '',
        `?${queryParams.map((parameter) => `${parameter.name}=${encodeURIComponent(HUGE.slice(0, 8000))}`).join('&')}`,
        `?${queryParams.map((parameter) => `${parameter.name}[]=1&${parameter.name}[x]=2`).join('&')}`,
      ];
      const bodies: (string | undefined)[] =
        method === 'GET'
          ? [undefined]
          : [
              '',
              '{}',
              '{"unclosed',
              JSON.stringify(wrongTypes(bodySchema)),
              JSON.stringify(oversized(bodySchema)),
              'null',
              '[]',
            ];
      const variants: { url: string; body: string | undefined }[] = [];
      for (const url of paths) variants.push({ url, body: bodies[1] ?? undefined });
      for (const query of queries)
        for (const body of bodies) variants.push({ url: `${paths[0]}${query}`, body });
      // Every variant as the caller the call is for; the others are refused at the door, two tries each.
      const owner =
        access === 'staff' ? 'staff' : access === 'user' || access === 'cart' ? 'guest' : 'stranger';
      for (const [name, headers] of Object.entries(callers)) {
        for (const { url, body } of name === owner ? variants : variants.slice(0, 2)) {
          requests++;
          const response = await fetch(`${server.baseUrl}${url}`, {
            method,
            headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(body !== undefined ? { body } : {}),
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (response.status >= 500 || STACK.test(text.slice(0, 4000))) {
            failures.push(
              `${operation.operationId} ${method} ${url.slice(0, 120)} -> ${response.status} ${text.slice(0, 200)}`,
            );
          }
        }
      }
    }
    const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    console.log(
      `bad-input sweep (${engine}): ${operations.length} calls, ${requests} requests, ${failures.length} failures; ${counts.join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 900_000);

  it('photo uploads with hostile bytes, as the manager -> 4xx, never stored', async () => {
    const uploads = operations.filter((op) => /Photo$/.test(op.operation.operationId));
    expect(uploads.map((op) => op.operation.operationId).sort()).toEqual([
      'staff.dishPhoto',
      'staff.restaurantPhoto',
    ]);
    const pngHeader = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const bodies: [string, Buffer | string][] = [
      ['image/jpeg', Buffer.alloc(0)],
      ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
      ['image/png', Buffer.concat([pngHeader, Buffer.alloc(64, 0xff)])],
      ['image/gif', 'GIF89a' + HUGE.slice(0, 4000)],
      ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><image href="file:///etc/passwd"/></svg>'],
      ['text/html', '<html><script>alert(1)</script></html>'],
      ['application/octet-stream', Buffer.alloc(11 * 1024 * 1024, 0x41)],
    ];
    const failures: string[] = [];
    for (const op of uploads) {
      const url = op.path.replace(/\{[^}]+\}/g, String(DISH));
      for (const [type, body] of bodies) {
        const response = await fetch(`${server.baseUrl}${url}`, {
          method: op.method,
          headers: { ...callers.staff, 'content-type': type },
          body,
        });
        const text = await response.text();
        if (response.status < 400 || response.status >= 500 || STACK.test(text.slice(0, 4000))) {
          failures.push(`${op.operation.operationId} ${type} -> ${response.status} ${text.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const db = server.app.santap.db;
    const [dish] = await db.select({ photo: menuItems.photo }).from(menuItems).where(eq(menuItems.id, DISH));
    const [place] = await db
      .select({ photo: restaurants.photo })
      .from(restaurants)
      .where(eq(restaurants.id, 1001));
    expect([dish?.photo, place?.photo]).toEqual([null, null]);
  }, 120_000);
});

/**
 * The provider webhooks are not calls of the contract (their bodies are the providers' own), so the
 * walker above does not reach them: each gets hostile bodies unsigned and, to reach the parsers,
 * correctly signed. Never a 5xx, never a stack trace; an unsigned one never gets past 403.
 */
describe.each(ENGINES)('webhook bad-input sweep on %s', (engine) => {
  const TWILIO_TOKEN = 'sweep-twilio-auth-token';
  const PUBLIC_URL = 'https://santap.example';
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine, {
      config: {
        publicUrl: PUBLIC_URL,
        devInbox: false,
        messaging: {
          otpSenders: ['whatsapp', 'sms'],
          whatsapp: TEST_WHATSAPP,
          sms: {
            provider: 'twilio',
            twilio: { accountSid: 'ACsweep', authToken: TWILIO_TOKEN, from: 'Santap' },
          },
        },
      },
      server: { messagingFetch: async () => ({ status: 500, text: async () => '' }) },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('WhatsApp, Twilio status and Twilio inbound webhooks with hostile bodies, unsigned and signed -> no 5xx, no stack trace', async () => {
    const json = [
      '',
      'null',
      '[]',
      '{"unclosed',
      JSON.stringify({ entry: HUGE }),
      JSON.stringify({
        entry: [
          { changes: [{ value: { statuses: [{ id: HUGE, status: 'failed', errors: [{ code: {} }] }] } }] },
        ],
      }),
      JSON.stringify({
        entry: [{ changes: [{ value: { messages: [{ from: HUGE, text: { body: 'STOP' } }, null, 7] } }] }],
      }),
      JSON.stringify({
        entry: [{ changes: [{ value: { statuses: [{ id: 'wamid.x', status: 'failed' }] } }] }],
      }),
    ];
    const forms = [
      '',
      '%',
      'a=%zz&b',
      new URLSearchParams({ MessageSid: HUGE, MessageStatus: 'failed', ErrorCode: HUGE }).toString(),
      new URLSearchParams({ From: HUGE, Body: 'STOP' }).toString(),
      new URLSearchParams({ From: "+60' or 1=1--", Body: 'STOP', OptOutType: 'STOP' }).toString(),
      new URLSearchParams({ From: '+60123456789', Body: HUGE.slice(0, 5000) }).toString(),
      `From=%2B60123456789&Body=STOP&Body=${HUGE.slice(0, 1000)}`,
    ];
    const failures: string[] = [];
    const send = async (path: string, body: string, headers: Record<string, string>, signed: boolean) => {
      const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', body, headers });
      const text = await response.text();
      if (response.status >= 500 || STACK.test(text.slice(0, 4000)) || (!signed && response.status !== 403))
        failures.push(`${path} ${signed ? 'signed' : 'unsigned'} ${body.slice(0, 80)} -> ${response.status}`);
    };
    for (const body of json) {
      const headers = { 'content-type': 'application/json' };
      await send(WHATSAPP_WEBHOOK_PATH, body, headers, false);
      await send(
        WHATSAPP_WEBHOOK_PATH,
        body,
        { ...headers, 'x-hub-signature-256': hubSignature(TEST_WHATSAPP.appSecret, body) },
        true,
      );
    }
    for (const path of [TWILIO_STATUS_PATH, TWILIO_INBOUND_PATH]) {
      for (const body of forms) {
        const headers = { 'content-type': 'application/x-www-form-urlencoded' };
        await send(path, body, headers, false);
        const params = Object.fromEntries(new URLSearchParams(body));
        const signature = twilioSignature(TWILIO_TOKEN, `${PUBLIC_URL}${path}`, params);
        await send(path, body, { ...headers, 'x-twilio-signature': signature }, true);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartToken } from '@santap/domain';
import { ENGINES, TestClock, LUNCHTIME, startTestServer, testConfig } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { createServer, dataExceptionOf } from '../server';
import { controlCharacterPath } from './route';

const BIG = '99999999999';
const NUL = '\u0000';
const INVALID_INPUT = {
  en: 'Please check your details and try again',
  id: 'Periksa kembali data Anda, lalu coba lagi',
  my: 'Sila semak butiran anda dan cuba lagi',
};

interface BadCall {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: Record<string, unknown>;
}

const scope = 'kopitiam-ali';
const dineIn = { orderType: 1 };

/** An id no int4 column can hold, in every call the audit found answering 500 with one. */
const OVERSIZED_IDS: BadCall[] = [
  { name: 'order details', method: 'GET', path: `/api/orders/details/get.php?order_id=${BIG}` },
  { name: 'table check', method: 'GET', path: `/api/restaurant/new/1001/tables/${BIG}` },
  { name: 'table check, restaurant', method: 'GET', path: `/api/restaurant/new/${BIG}/tables/5003` },
  { name: 'menu', method: 'GET', path: `/api/menu?restaurant_id=${BIG}` },
  {
    name: 'restaurant services',
    method: 'GET',
    path: `/api/restaurant/get_restaurant_services.php?restaurant_id=${BIG}`,
  },
  { name: 'food-court order', method: 'GET', path: `/api/orders/food-court-orders?fc_order_id=${BIG}` },
  {
    name: 'cart update item_id',
    method: 'POST',
    path: '/api/orders/cart/update.php',
    body: { scope, item_id: Number(BIG), quantity: 1 },
  },
  {
    name: 'cart update cart_item_id',
    method: 'POST',
    path: '/api/orders/cart/update.php',
    body: { scope, cart_item_id: Number(BIG), quantity: 1 },
  },
  {
    name: 'cart details tableId',
    method: 'POST',
    path: '/api/orders/cart/update_cart_details.php',
    body: { scope, context: { ...dineIn, tableId: Number(BIG) } },
  },
  {
    name: 'cancel order',
    method: 'POST',
    path: '/api/orders/cancel_order.php',
    body: { order_id: Number(BIG) },
  },
  {
    name: 'table change',
    method: 'POST',
    path: '/api/orders/user-table-update',
    body: { order_id: Number(BIG), table_id: 5003 },
  },
  {
    name: 'line notes',
    method: 'POST',
    path: '/api/orders/cart/notes',
    body: { scope, cart_item_id: Number(BIG), notes: 'x' },
  },
];

/** A NUL in a text field of every call the audit found answering 500 with one. */
const NUL_TEXT: BadCall[] = [
  {
    name: 'special note',
    method: 'POST',
    path: '/api/orders/cart/update_special_note.php',
    body: { scope, special_note: `no${NUL}chili` },
  },
  {
    name: 'line notes',
    method: 'POST',
    path: '/api/orders/cart/notes',
    body: { scope, cart_item_id: 1, notes: `a${NUL}` },
  },
  {
    name: 'discount code',
    method: 'POST',
    path: '/api/orders/cart/update_discount.php',
    body: { scope, discount_code: `SAVE${NUL}` },
  },
  {
    name: 'nearby name filter',
    method: 'POST',
    path: '/api/restaurant/nearby-restaurants',
    body: { location: [101.6869, 3.139], name_filter: `kop${NUL}` },
  },
  {
    name: 'delivery address line',
    method: 'POST',
    path: '/api/orders/cart/update_cart_details.php',
    body: {
      scope,
      context: { orderType: 2 },
      address: { line: `Jalan ${NUL}Telawi`, location: [101.671, 3.13] },
    },
  },
  {
    name: 'staff login username',
    method: 'POST',
    path: '/api/staff/login',
    body: { username: `kopitiam-ali${NUL}-manager`, password: 'x' },
  },
  { name: 'menu restaurant_id', method: 'GET', path: '/api/menu?restaurant_id=a%00b' },
  {
    name: 'an object key',
    method: 'POST',
    path: '/api/orders/cart/update.php',
    body: { scope, item_id: 1001001, quantity: 1, selections: { [`size${NUL}`]: ['l'] } },
  },
  {
    name: 'another control character (ESC)',
    method: 'POST',
    path: '/api/orders/cart/update_special_note.php',
    body: { scope, special_note: 'no\u001bchili' },
  },
];

async function send(baseUrl: string, call: BadCall, language = 'en') {
  const response = await fetch(`${baseUrl}${call.path}`, {
    method: call.method,
    headers: {
      'cart-token': createCartToken(),
      'accept-language': language,
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(call.body ? { body: JSON.stringify(call.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('controlCharacterPath', () => {
  it('text with tab, newline and carriage return -> allowed (null)', () => {
    expect(controlCharacterPath({ note: 'line 1\r\nline\t2', list: ['a', { b: 'ok' }] })).toBeNull();
  });
  it('NUL deep in a body -> the path to it; in a key -> that key', () => {
    expect(controlCharacterPath({ a: [{ b: 'x' }, { c: `y${NUL}` }] })).toBe('a.1.c');
    expect(controlCharacterPath({ [`k${NUL}`]: 1 })).toBe(`k${NUL}`);
  });
  it('a body nested 100 000 deep -> walked without overflowing the stack', () => {
    let deep: unknown = `x${NUL}`;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(controlCharacterPath(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe.each(ENGINES)('bad input -> 400 with a clear message, never a 500, on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(OVERSIZED_IDS.map((call) => [call.name, call] as const))(
    'id past int4 in %s -> 400 invalid input',
    async (_, call) => {
      const { status, body } = await send(server.baseUrl, call);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        status: 0,
        statusCode: 400,
        code: 'validation.invalidInput',
        message: INVALID_INPUT.en,
      });
    },
  );

  it.each(NUL_TEXT.map((call) => [call.name, call] as const))(
    'control character in %s -> 400 invalid input',
    async (_, call) => {
      const { status, body } = await send(server.baseUrl, call);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        status: 0,
        statusCode: 400,
        code: 'validation.invalidInput',
        message: INVALID_INPUT.en,
      });
    },
  );

  it("a NUL refused -> the envelope names the field, in the caller's language", async () => {
    const { body } = await send(server.baseUrl, NUL_TEXT[0]!, 'id');
    expect(body.message).toBe(INVALID_INPUT.id);
    expect(body.details).toEqual([expect.objectContaining({ part: 'body', path: 'special_note' })]);
  });

  it('the largest int4 id -> looked up (404 not found), not refused as input', async () => {
    const { status, body } = await send(server.baseUrl, {
      name: 'order details',
      method: 'GET',
      path: '/api/orders/details/get.php?order_id=2147483647',
    });
    expect(status).toBe(404);
    expect(body.code).toBe('errors.notFound');
  });

  it('a nameid and a note with line breaks -> still accepted', async () => {
    const menu = await send(server.baseUrl, {
      name: 'menu',
      method: 'GET',
      path: '/api/menu?restaurant_id=kopitiam-ali',
    });
    expect(menu.status).toBe(200);
    const note = await send(server.baseUrl, {
      name: 'note',
      method: 'POST',
      path: '/api/orders/cart/update_special_note.php',
      body: { scope, special_note: 'no chili\r\nextra\tice' },
    });
    expect(note.status).toBe(200);
  });
});

describe.each(ENGINES)('the error handler maps a database data exception to 400, on %s', (engine) => {
  let server: TestServer;
  let app: FastifyInstance;
  beforeAll(async () => {
    server = await startTestServer(engine);
    // A second instance on the same database, with a route that sends the database a value it refuses
    // (as a contract gap would): the safety net, not the contract, answers.
    app = await createServer(testConfig(new TestClock(new Date(LUNCHTIME))), {
      database: server.db.database,
    });
    app.get('/test/out-of-range', async () => {
      await app.santap.db.execute(sql`select ${BIG}::int4`);
      return { status: 1 };
    });
    app.get('/test/nul', async () => {
      await app.santap.db.execute(sql`select ${`a${NUL}b`}::text`);
      return { status: 1 };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it.each(['/test/out-of-range', '/test/nul'])(
    "%s -> 400 invalid input in the caller's language",
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'ms' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        status: 0,
        code: 'validation.invalidInput',
        message: INVALID_INPUT.my,
      });
    },
  );

  it('dataExceptionOf -> the class 22 SQLSTATE through wrapping causes; others -> null', () => {
    expect(dataExceptionOf({ message: 'wrapped', cause: { code: '22003' } })).toBe('22003');
    expect(dataExceptionOf({ code: '22P05' })).toBe('22P05');
    expect(dataExceptionOf({ code: '23505' })).toBeNull();
    expect(dataExceptionOf(new Error('plain'))).toBeNull();
  });
});

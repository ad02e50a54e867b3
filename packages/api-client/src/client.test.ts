import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, earlyKey, orders } from '@santap/contract';
import type { EarlyReplies } from '@santap/contract';
import { createApiClient, SERVICE_TIMEOUTS_MS } from './client';
import {
  AuthRequired,
  ContractMismatch,
  InvalidQr,
  NoInternet,
  RequestTimeout,
  ServerMessage,
} from './errors';

const echo = defineEndpoint({
  id: 'test.echo',
  method: 'POST',
  path: '/api/echo/:id',
  service: 'main',
  access: 'none',
  summary: 'echo',
  params: z.object({ id: z.number() }),
  query: z.object({ q: z.string().optional() }),
  body: z.object({ text: z.string() }),
  data: z.object({ text: z.string() }),
});

const table = defineEndpoint({
  id: 'tables.restaurant',
  method: 'GET',
  path: '/api/restaurant/new/:restaurantId/tables/:tableId',
  service: 'main',
  access: 'none',
  summary: 'table',
  params: z.object({ restaurantId: z.number(), tableId: z.number() }),
  data: z.object({ table_no: z.string() }),
});

type Seen = { url: string; method: string; headers: Headers; credentials: RequestCredentials; body: string };

function stubFetch(reply: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const entry = {
      url: request.url,
      method: request.method,
      headers: request.headers,
      credentials: request.credentials,
      body: await request.text(),
    };
    seen.push(entry);
    return reply(entry);
  };
  return { seen, fetch: fetchStub as typeof fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const clientWith = (fetchImpl: typeof fetch, extra: Partial<Parameters<typeof createApiClient>[0]> = {}) =>
  createApiClient({
    baseUrl: 'http://api.test',
    country: () => 'ID',
    language: () => 'id',
    authToken: () => 'tok',
    cartToken: () => 'userAbcdefghij1',
    fetch: fetchImpl,
    ...extra,
  });

describe('createApiClient', () => {
  it("a reply bringing the cart's handover (the cart-handover header) -> onCartHandover hears it", async () => {
    const stub = stubFetch(
      () =>
        new Response(JSON.stringify({ status: 1, statusCode: 200, message: 'ok', data: { text: 'hi' } }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'cart-handover': 'sealedHandover1' },
        }),
    );
    const heard: string[] = [];
    const client = clientWith(stub.fetch, { onCartHandover: (handover) => heard.push(handover) });
    await client.call(
      { ...echo, access: 'cart' as const },
      { params: { id: 7 }, query: {}, body: { text: 'hi' } },
    );
    expect(heard).toEqual(['sealedHandover1']);
  });

  it('call -> path params filled, query and JSON body sent with country, language, auth and cart headers', async () => {
    const stub = stubFetch(() =>
      json(200, { status: 1, statusCode: 200, message: 'ok', data: { text: 'hi' } }),
    );
    const data = await clientWith(stub.fetch).call(
      echo,
      { params: { id: 7 }, query: { q: 'a b' }, body: { text: 'hi' } },
      { idempotencyKey: 'k1' },
    );
    expect(data).toEqual({ text: 'hi' });
    const [request] = stub.seen;
    expect(request?.url).toBe('http://api.test/api/echo/7?q=a+b');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('country-code')).toBe('ID');
    expect(request?.headers.get('accept-language')).toBe('id');
    expect(request?.headers.get('authorization')).toBe('Bearer tok');
    expect(request?.headers.get('cart-token')).toBe('userAbcdefghij1');
    expect(request?.headers.get('idempotency-key')).toBe('k1');
    expect(JSON.parse(request?.body ?? '')).toEqual({ text: 'hi' });
  });

  it("every call, GET or POST -> sent with credentials 'include' (the browser's HttpOnly session and cart token cookies go with it)", async () => {
    const stub = stubFetch(({ method }) =>
      json(200, {
        status: 1,
        statusCode: 200,
        message: 'ok',
        data: method === 'GET' ? { table_no: 'T1' } : { text: 'hi' },
      }),
    );
    const client = clientWith(stub.fetch);
    await client.call(table, { params: { restaurantId: 1, tableId: 2 } });
    await client.call(echo, { params: { id: 7 }, query: {}, body: { text: 'hi' } });
    expect(stub.seen.map(({ method, credentials }) => [method, credentials])).toEqual([
      ['GET', 'include'],
      ['POST', 'include'],
    ]);
  });

  it('call with a file -> the raw bytes sent as the body with the file type, not JSON', async () => {
    const stub = stubFetch(() =>
      json(200, { status: 1, statusCode: 200, message: 'ok', data: { text: 'stored' } }),
    );
    const file = new Blob(['\u00ff\u00d8 jpeg bytes'], { type: 'image/jpeg' });
    await clientWith(stub.fetch).call(
      echo,
      { params: { id: 7 }, query: {}, body: { text: 'ignored' } },
      { file },
    );
    const [request] = stub.seen;
    expect(request?.headers.get('content-type')).toBe('image/jpeg');
    expect(request?.body).toBe('\u00ff\u00d8 jpeg bytes');
    expect(request?.headers.get('authorization')).toBe('Bearer tok');
  });

  it("reply message 'invalid token' -> AuthRequired", async () => {
    const stub = stubFetch(() => json(401, { status: 0, statusCode: 401, message: 'invalid token' }));
    await expect(
      clientWith(stub.fetch).call(echo, { params: { id: 1 }, query: {}, body: { text: '' } }),
    ).rejects.toBeInstanceOf(AuthRequired);
  });

  it('reply status 0 -> ServerMessage with the server words and code', async () => {
    const stub = stubFetch(() =>
      json(422, { status: 0, statusCode: 422, message: 'Peringatan Harga', code: 'errors.priceWarning' }),
    );
    const error = await clientWith(stub.fetch)
      .call(echo, { params: { id: 1 }, query: {}, body: { text: '' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerMessage);
    expect(error).toMatchObject({
      message: 'Peringatan Harga',
      code: 'errors.priceWarning',
      statusCode: 422,
    });
  });

  it('table check answered 404 -> InvalidQr', async () => {
    const stub = stubFetch(() => json(404, { status: 0, statusCode: 404, message: 'Invalid QR code.' }));
    await expect(
      clientWith(stub.fetch).call(table, { params: { restaurantId: 1, tableId: 2 } }),
    ).rejects.toBeInstanceOf(InvalidQr);
  });

  it('network failure -> NoInternet', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      clientWith(failing).call(table, { params: { restaurantId: 1, tableId: 2 } }),
    ).rejects.toBeInstanceOf(NoInternet);
  });

  it('slower than the service time-out -> RequestTimeout', async () => {
    const slow = stubFetch(
      () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(200, {})), 200)),
    );
    const client = clientWith(slow.fetch, { timeouts: { main: 20 } });
    await expect(client.call(table, { params: { restaurantId: 1, tableId: 2 } })).rejects.toBeInstanceOf(
      RequestTimeout,
    );
  });

  it('a reply whose body stalls past the service time-out -> RequestTimeout (the time-out covers the body)', async () => {
    const stalling = stubFetch(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"status":1,'));
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    const client = clientWith(stalling.fetch, { timeouts: { main: 50 } });
    await expect(client.call(table, { params: { restaurantId: 1, tableId: 2 } })).rejects.toBeInstanceOf(
      RequestTimeout,
    );
  });

  it('a 503 or a network failure -> asked once (no retries: the spec time-out holds)', async () => {
    const unavailable = stubFetch(() => json(503, { status: 0, statusCode: 503, message: 'Busy' }));
    await expect(
      clientWith(unavailable.fetch).call(table, { params: { restaurantId: 1, tableId: 2 } }),
    ).rejects.toMatchObject({ message: 'Busy', statusCode: 503 });
    expect(unavailable.seen).toHaveLength(1);
    let calls = 0;
    const failing = (async () => {
      calls += 1;
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      clientWith(failing).call(table, { params: { restaurantId: 1, tableId: 2 } }),
    ).rejects.toBeInstanceOf(NoInternet);
    expect(calls).toBe(1);
  });

  it('reply not matching the contract -> ContractMismatch', async () => {
    const stub = stubFetch(() =>
      json(200, { status: 1, statusCode: 200, message: 'ok', data: { table_no: 5 } }),
    );
    await expect(
      clientWith(stub.fetch).call(table, { params: { restaurantId: 1, tableId: 2 } }),
    ).rejects.toBeInstanceOf(ContractMismatch);
  });

  it('caller aborts -> its AbortError, not NoInternet', async () => {
    // A fetch that answers only its signal, as the platform's does: on the Request (ky passes it there).
    const hanging = (async (input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : init?.signal;
        const abort = () => reject(new DOMException('aborted', 'AbortError'));
        if (signal?.aborted) abort();
        else signal?.addEventListener('abort', abort);
      })) as typeof fetch;
    const controller = new AbortController();
    const pending = clientWith(hanging).call(
      table,
      { params: { restaurantId: 1, tableId: 2 } },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reply that is not JSON (a proxy error page) -> ServerMessage errors.somethingWentWrong', async () => {
    const stub = stubFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(
      clientWith(stub.fetch).call(table, { params: { restaurantId: 1, tableId: 2 } }),
    ).rejects.toMatchObject({ code: 'errors.somethingWentWrong', statusCode: 502, message: 'Bad Gateway' });
  });

  it('base URL with a path -> the call path is appended to it; GET sends no body or content-type', async () => {
    const stub = stubFetch(() =>
      json(200, { status: 1, statusCode: 200, message: 'ok', data: { table_no: 'T1' } }),
    );
    await clientWith(stub.fetch, { baseUrl: 'http://api.test/santap/' }).call(table, {
      params: { restaurantId: 1, tableId: 2 },
    });
    expect(stub.seen[0]?.url).toBe('http://api.test/santap/api/restaurant/new/1/tables/2');
    expect(stub.seen[0]?.body).toBe('');
    expect(stub.seen[0]?.headers.get('content-type')).toBeNull();
  });

  it('spec time-outs -> main 25 s, secondary 10 s, payment 30 s, reservation 30 s', () => {
    expect(SERVICE_TIMEOUTS_MS).toMatchObject({
      main: 25_000,
      secondary: 10_000,
      payment: 30_000,
      reservation: 30_000,
    });
  });

  it('per-service base URLs -> a payment call goes to the payment base', async () => {
    const stub = stubFetch(() =>
      json(200, { status: 1, statusCode: 200, message: 'ok', data: { table_no: 'T1' } }),
    );
    const client = clientWith(stub.fetch, {
      baseUrl: { main: 'http://main.test', payment: 'http://pay.test' },
    });
    await client.call({ ...table, service: 'payment' }, { params: { restaurantId: 1, tableId: 2 } });
    expect(stub.seen[0]?.url.startsWith('http://pay.test/')).toBe(true);
  });

  describe('early replies (the page arrived with them)', () => {
    const ok = (text: string) => ({ status: 1, statusCode: 200, message: 'ok', data: { text } });
    const cartEcho = { ...echo, id: 'test.cartEcho', access: 'cart' as const };
    const userEcho = { ...echo, id: 'test.userEcho', access: 'user' as const };
    const input = { params: { id: 7 }, query: {}, body: { text: 'hi' } };
    const blockFor = (replies: Record<string, unknown>, extra: Partial<EarlyReplies> = {}): EarlyReplies => ({
      language: 'id',
      country: 'ID',
      replies,
      ...extra,
    });
    const network = () => stubFetch(() => json(200, ok('from the network')));

    it('a reply for this call -> used without a request, once; the next call asks the server', async () => {
      const stub = network();
      const block = blockFor({ [earlyKey('test.echo', input)]: ok('from the page') });
      const client = clientWith(stub.fetch, { authToken: () => undefined, early: () => block });
      expect(await client.call(echo, input)).toEqual({ text: 'from the page' });
      expect(stub.seen).toHaveLength(0);
      expect(await client.call(echo, input)).toEqual({ text: 'from the network' });
      expect(stub.seen).toHaveLength(1);
    });

    it('the input spelled in another key order -> still the same reply', async () => {
      const stub = network();
      const block = blockFor({
        [earlyKey('test.echo', { body: { text: 'hi' }, query: {}, params: { id: 7 } })]: ok('from the page'),
      });
      const client = clientWith(stub.fetch, { early: () => block });
      expect(await client.call(echo, { query: {}, params: { id: 7 }, body: { text: 'hi' } })).toEqual({
        text: 'from the page',
      });
    });

    it('another input, language or country -> asks the server', async () => {
      const cases = [
        { key: earlyKey('test.echo', { ...input, body: { text: 'other' } }), extra: {} },
        { key: earlyKey('test.echo', input), extra: { language: 'en' } },
        { key: earlyKey('test.echo', input), extra: { country: 'MY' } },
      ];
      for (const { key, extra } of cases) {
        const stub = network();
        const block = blockFor({ [key]: ok('from the page') }, extra);
        const client = clientWith(stub.fetch, { early: () => block });
        expect(await client.call(echo, input)).toEqual({ text: 'from the network' });
        expect(stub.seen).toHaveLength(1);
      }
    });

    it("a cart call -> only for a guest; a diner's call -> never", async () => {
      const cases = [
        { endpoint: cartEcho, auth: undefined, cartToken: 'userAbcdefghij1', fromPage: true },
        { endpoint: cartEcho, auth: 'tok', cartToken: 'userAbcdefghij1', fromPage: false },
        { endpoint: userEcho, auth: 'tok', cartToken: 'userAbcdefghij1', fromPage: false },
      ];
      for (const { endpoint, auth, cartToken, fromPage } of cases) {
        const stub = network();
        const block = blockFor({ [earlyKey(endpoint.id, input)]: ok('from the page') });
        const client = clientWith(stub.fetch, {
          authToken: () => auth,
          cartToken: () => cartToken,
          early: () => block,
        });
        const data = await client.call(endpoint, input);
        expect(data).toEqual({ text: fromPage ? 'from the page' : 'from the network' });
      }
    });

    it("a browser (no token headers, its cookies) -> a guest's cart call from the page; a signed-in diner's never", async () => {
      for (const { signedIn, fromPage } of [
        { signedIn: false, fromPage: true },
        { signedIn: true, fromPage: false },
      ]) {
        const stub = network();
        const block = blockFor({ [earlyKey(cartEcho.id, input)]: ok('from the page') });
        const client = createApiClient({
          baseUrl: 'http://api.test',
          country: () => 'ID',
          language: () => 'id',
          signedIn: () => signedIn,
          early: () => block,
          fetch: stub.fetch,
        });
        const data = await client.call(cartEcho, input);
        expect(data).toEqual({ text: fromPage ? 'from the page' : 'from the network' });
        for (const seen of stub.seen) {
          expect(seen.headers.get('authorization')).toBeNull();
          expect(seen.headers.get('cart-token')).toBeNull();
        }
      }
    });

    it('an error reply in the page -> the same typed error a call would raise', async () => {
      const block = blockFor({
        [earlyKey('test.echo', input)]: {
          status: 0,
          statusCode: 404,
          message: 'Not found',
          code: 'errors.notFound',
        },
      });
      const client = clientWith(network().fetch, { early: () => block });
      await expect(client.call(echo, input)).rejects.toBeInstanceOf(ServerMessage);
    });
  });
});

describe('the create-order reply (spec §7 create.php, §8): the client reads the envelope, the app never does', () => {
  const createdOrder = {
    order_id: 981,
    order_ids: [981],
    fc_order_id: null,
    amount: 2550,
    currency: 'MYR',
    order_type: 2,
    pickup_type: null,
    prepay: true,
    pay_later_flag: '0',
  };
  const place = (reply: unknown, status = 200) =>
    clientWith(stubFetch(() => json(status, reply)).fetch)
      .call(orders.orderCreate, { body: { scope: 'kopitiam-ali', payment_mode: 'online' } })
      .catch((error: unknown) => error);

  it('status 1 with the created order -> the typed order', async () => {
    expect(await place({ status: 1, statusCode: 200, message: 'ok', data: createdOrder })).toEqual(
      createdOrder,
    );
  });

  it("status 0, message 'invalid token' -> AuthRequired (go to login)", async () => {
    expect(await place({ status: 0, statusCode: 401, message: 'invalid token' }, 401)).toBeInstanceOf(
      AuthRequired,
    );
  });

  it('status 0 with a message -> ServerMessage with the server words', async () => {
    const error = await place({ status: 0, statusCode: 422, message: 'Restaurant is currently closed' }, 422);
    expect(error).toBeInstanceOf(ServerMessage);
    expect(error).toMatchObject({ message: 'Restaurant is currently closed' });
  });

  it('status 0 with empty words -> ServerMessage with an empty message (the app shows its own)', async () => {
    const error = await place({ status: 0, statusCode: 500, message: '' }, 500);
    expect(error).toBeInstanceOf(ServerMessage);
    expect(error).toMatchObject({ message: '' });
  });

  it("status '0' or false, even with an order id -> an error, never the order", async () => {
    for (const status of ['0', false]) {
      const error = await place({ status, statusCode: 200, message: 'x', data: createdOrder });
      expect(error).toBeInstanceOf(ContractMismatch);
    }
  });

  it('status 1 without an order id, or without data -> ContractMismatch', async () => {
    const { order_id: _dropped, ...withoutId } = createdOrder;
    expect(await place({ status: 1, statusCode: 200, message: 'ok', data: withoutId })).toBeInstanceOf(
      ContractMismatch,
    );
    expect(await place({ status: 1, statusCode: 200, message: 'ok' })).toBeInstanceOf(ContractMismatch);
  });

  it("status '1' with a text order id -> ContractMismatch (the contract's order id is an integer)", async () => {
    const reply = {
      status: '1',
      statusCode: 200,
      message: 'ok',
      data: { ...createdOrder, order_id: 'SO-77' },
    };
    expect(await place(reply)).toBeInstanceOf(ContractMismatch);
  });
});

/**
 * The cart token is a credential no page script reads (apps/api/README.md, "Cookies and CSRF"),
 * replayed over HTTP on both engines: no reply of any call and no page names it — it goes to a
 * browser only in its HttpOnly cookie. A browser's page holds the cart's handover instead (sealed, 15
 * minutes), which the login redirect carries to another browser; there `cart.adoptToken` moves the
 * guest rows of that cart into the logged-in diner's account, and nothing of another account.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartToken } from '@santap/domain';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { latestOtp } from '../../test/account-kit';
import { addPlainItem } from '../../test/journeys';
import { freshPhone } from '../../test/phones';
import { carts } from '../db/schema';
import { CART_HANDOVER_SECONDS, openCartHandover } from '../lib/cart-handover';
import { openApiOperations } from './openapi-operations';

/** A built diner app: the menu links' pages carry their early replies (routes/early-replies.ts). */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'santap-cart-token-'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Santap</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** Every place a reply could name the token: its headers (but the cookie that sets it) and its body. */
async function shownOf(reply: Response): Promise<string> {
  const headers = [...reply.headers.entries()].filter(([name]) => name !== 'set-cookie');
  return `${JSON.stringify(headers)}\n${await reply.text()}`;
}

describe.each(ENGINES)('the cart token in replies and pages on %s', (engine) => {
  let server: TestServer;
  let build: string;

  beforeAll(async () => {
    build = fakeBuild();
    server = await startTestServer(engine, {
      config: {
        web: { serve: true, dinerDir: build },
        tableTicketSecret: 'the-table-ticket-secret-of-these-tests!',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(build, { recursive: true, force: true });
  });

  const secret = () => server.app.santap.config.tableTicketSecret;

  /** A browser call: its cart cookie (and session, if any), from our own page. */
  const asBrowser = (
    path: string,
    cartToken: string,
    init: { method?: string; body?: unknown; session?: string } = {},
  ) =>
    fetch(`${server.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: server.baseUrl,
        cookie: `cart_token=${cartToken}${init.session ? `; auth_token=${init.session}` : ''}`,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });

  /** A diner logged in by OTP as a program would (no browser header: the token comes in the body). */
  async function login(): Promise<string> {
    const phone = freshPhone('+60176');
    const json = { 'content-type': 'application/json' };
    await fetch(`${server.baseUrl}/v1/user/send_otp`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone }),
    });
    const otp = await latestOtp(server.client(), phone);
    const reply = await fetch(`${server.baseUrl}/v1/user/verify_otp`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone, otp }),
    });
    return ((await reply.json()) as { data: { token: string } }).data.token;
  }

  /** The handover a browser's cart reply brings. */
  async function handoverOf(cartToken: string): Promise<string> {
    const reply = await asBrowser('/api/orders/cart/get.php?scope=kopitiam-ali', cartToken);
    return reply.headers.get('cart-handover')!;
  }

  it("a browser's cart calls (reads and writes) -> no header and no body names its token; a handover that opens to it does", async () => {
    const token = createCartToken();
    await addPlainItem(server.client({ cartToken: token }), 'kopitiam-ali');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/orders/cart/get.php?scope=kopitiam-ali'],
      ['GET', '/api/orders/cart/get_cart_bill.php?scope=kopitiam-ali'],
      ['GET', '/api/orders/cart/foodcourt/out-of-stock?scope=mall-demo'],
      [
        'POST',
        '/api/orders/cart/update_special_note.php',
        { scope: 'kopitiam-ali', special_note: 'Less ice' },
      ],
      // Refused input: the error reply names no token either.
      ['POST', '/api/orders/cart/update_special_note.php', { scope: 'kopitiam-ali', special_note: 7 }],
      ['POST', '/api/orders/cart/update_discount.php', { scope: 'kopitiam-ali', discount_code: 'NO-SUCH' }],
      ['POST', '/api/orders/cart/clear_cart.php', { scope: 'kopitiam-ali' }],
    ];
    for (const [method, path, body] of calls) {
      const reply = await asBrowser(path, token, { method, body });
      const handover = reply.headers.get('cart-handover');
      expect(await shownOf(reply), `${method} ${path}`).not.toContain(token);
      expect(handover, path).toMatch(/^[\w-]{40,200}$/);
      expect(openCartHandover(secret(), handover!, server.clock.now())).toBe(token);
    }
  });

  it('a browser without a cart cookie -> its new token only in the HttpOnly Set-Cookie', async () => {
    const reply = await fetch(`${server.baseUrl}/api/orders/cart/get.php?scope=kopitiam-ali`, {
      headers: { origin: server.baseUrl },
    });
    const cookie = reply.headers.getSetCookie().find((set) => set.startsWith('cart_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    const token = /^cart_token=([^;]+)/.exec(cookie)![1]!;
    expect(await shownOf(reply)).not.toContain(token);
    expect(openCartHandover(secret(), reply.headers.get('cart-handover')!, server.clock.now())).toBe(token);
  });

  it("a menu link's page -> its early replies name the cart by a handover, the token nowhere in the page", async () => {
    const token = createCartToken();
    await addPlainItem(server.client({ cartToken: token }), 'kopitiam-ali');
    const reply = await fetch(`${server.baseUrl}/r/kopitiam-ali`, {
      headers: { accept: 'text/html', cookie: `cart_token=${token}` },
    });
    expect(reply.status).toBe(200);
    const html = await reply.text();
    expect(html).not.toContain(token);
    const early = JSON.parse(
      /<script type="application\/json" id="st-early">(.*?)<\/script>/s.exec(html)![1]!,
    ) as {
      cartHandover?: string;
      replies: Record<string, unknown>;
    };
    expect(Object.keys(early.replies).some((key) => key.startsWith('cart.get '))).toBe(true);
    expect(openCartHandover(secret(), early.cartHandover!, server.clock.now())).toBe(token);
  });

  it('every call of /api/docs, as a browser with a cart cookie -> no reply names the token', async () => {
    const token = createCartToken();
    const failures: string[] = [];
    for (const { method, path } of await openApiOperations(server.baseUrl)) {
      const reply = await asBrowser(path.replace(/\{[^}]+\}/g, '1'), token, {
        method,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      if ((await shownOf(reply)).includes(token)) failures.push(`${method} ${path} -> ${reply.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("a login finished in another browser: the first browser's handover -> its guest cart moves into the diner's account, no token changes hands", async () => {
    const first = createCartToken();
    const dish = await addPlainItem(server.client({ cartToken: first }), 'kopitiam-ali');
    const handover = await handoverOf(first);

    // The other browser: its own cart cookie, the diner's session after the login there.
    const session = await login();
    const other = createCartToken();
    const adopted = await asBrowser('/api/orders/cart/adopt_token.php', other, {
      method: 'POST',
      session,
      body: { cart_handover: handover },
    });
    expect(adopted.status).toBe(200);
    const shown = await shownOf(adopted.clone());
    expect(shown).not.toContain(first);
    expect(await adopted.json()).toMatchObject({ data: { moved_carts: 1, moved_orders: 0 } });
    // No cookie becomes the first browser's token.
    expect(adopted.headers.getSetCookie().join('\n')).not.toContain(first);

    const theirs = (await (
      await asBrowser('/api/orders/cart/get.php?scope=kopitiam-ali', other, { session })
    ).json()) as {
      data: { items: { item_id: number }[] };
    };
    expect(theirs.data.items.map((line) => line.item_id)).toEqual([dish.id]);
    // The first browser, still a guest, no longer holds that cart.
    const left = (await (await asBrowser('/api/orders/cart/get.php?scope=kopitiam-ali', first)).json()) as {
      data: { items: unknown[] };
    };
    expect(left.data.items).toEqual([]);
  });

  it('a handover that leaked: once one diner adopted the cart, another diner with it (or a fresh one) -> 409, nothing moves; the first diner again -> 200', async () => {
    const guest = createCartToken();
    await addPlainItem(server.client({ cartToken: guest }), 'kopitiam-ali');
    const adopt = async (session: string, handover: string) =>
      asBrowser('/api/orders/cart/adopt_token.php', createCartToken(), {
        method: 'POST',
        session,
        body: { cart_handover: handover },
      });
    const diner = await login();
    const first = await adopt(diner, await handoverOf(guest));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ data: { moved_carts: 1 } });

    // More guest rows in the same browser after the move: a stranger holding a handover gets none.
    await addPlainItem(server.client({ cartToken: guest }), 'kopitiam-ali');
    const stranger = await login();
    const stolen = await adopt(stranger, await handoverOf(guest));
    expect(stolen.status).toBe(409);
    expect(await stolen.json()).toMatchObject({ status: 0 });
    const stillGuests = await server.db.database.db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.token, guest), isNull(carts.userId)));
    expect(stillGuests.length).toBe(1);
    // The diner who adopted first may again: the browser's later rows follow them.
    const again = await adopt(diner, await handoverOf(guest));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ data: { moved_carts: 1 } });
  });

  it("a handover of a cart that is already a diner's -> nothing moves: it stays its owner's", async () => {
    const owner = await login();
    const token = createCartToken();
    await addPlainItem(server.client({ cartToken: token, authToken: owner }), 'kopitiam-ali');
    const handover = await handoverOf(token);
    const thief = await login();
    const reply = await asBrowser('/api/orders/cart/adopt_token.php', createCartToken(), {
      method: 'POST',
      session: thief,
      body: { cart_handover: handover },
    });
    expect(await reply.json()).toMatchObject({ status: 1, data: { moved_carts: 0, moved_orders: 0 } });
    const rows = await server.db.database.db
      .select({ userId: carts.userId })
      .from(carts)
      .where(eq(carts.token, token));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(1);
    expect(rows[0]?.userId).not.toBeNull();
  });

  it('adoption refused: a guest without login (401), a bare cart token, a changed or an expired handover (400), another site (403)', async () => {
    const first = createCartToken();
    await addPlainItem(server.client({ cartToken: first }), 'kopitiam-ali');
    const handover = await handoverOf(first);
    const session = await login();
    const adopt = (body: unknown, options: { session?: string; origin?: string } = {}) =>
      fetch(`${server.baseUrl}/api/orders/cart/adopt_token.php`, {
        method: 'POST',
        headers: {
          origin: options.origin ?? server.baseUrl,
          'content-type': 'application/json',
          cookie: `cart_token=${createCartToken()}${options.session ? `; auth_token=${options.session}` : ''}`,
        },
        body: JSON.stringify(body),
      });

    expect((await adopt({ cart_handover: handover })).status).toBe(401);
    expect((await adopt({ cart_token: first }, { session })).status).toBe(400);
    expect((await adopt({ cart_handover: first }, { session })).status).toBe(400);
    const changed = `${handover.slice(0, 20)}${handover[20] === 'A' ? 'B' : 'A'}${handover.slice(21)}`;
    expect((await adopt({ cart_handover: changed }, { session })).status).toBe(400);
    expect(
      (await adopt({ cart_handover: handover }, { session, origin: 'https://evil.example' })).status,
    ).toBe(403);
    server.clock.advance(CART_HANDOVER_SECONDS);
    expect((await adopt({ cart_handover: handover }, { session })).status).toBe(400);
    // Nothing moved through any of them.
    const rows = await server.db.database.db
      .select({ userId: carts.userId })
      .from(carts)
      .where(eq(carts.token, first));
    expect(rows.map((row) => row.userId)).toEqual([null]);
  });
});

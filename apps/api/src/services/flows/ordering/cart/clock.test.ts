import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cart } from '@santap/contract';
import { carts } from '../../../../db/schema';
import type { Caller } from '../../../../lib/caller';
import { ENGINES, LUNCHTIME, startTestServer } from '../../../../../test/harness';
import type { TestServer } from '../../../../../test/harness';
import { addPlainItem } from '../../../../../test/journeys';
import { login } from '../../../../../test/promotions-kit';
import { cartFor } from './row';
import { resolveScope } from '../../../model/carts';

const guestOf = (cartToken: string): Caller => ({
  lang: 'en',
  country: 'MY',
  ip: '127.0.0.1',
  cartToken,
  user: null,
  staff: null,
  idempotencyKey: undefined,
  t: (key) => key,
});

describe.each(ENGINES)('cart timestamps on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a browser's cart made on first use, then the diner's own cart changed on another device -> the diner's cart is the newest (one clock)", async () => {
    // The server's clock (LUNCHTIME) is days behind the database's: a cart stamped by the database
    // would look newer than every change made after it.
    server.clock.set(LUNCHTIME);
    const db = server.db.database.db;
    const browser = server.client();
    const made = await cartFor(
      server.app.santap,
      db,
      guestOf(browser.cartToken),
      await resolveScope(db, 'kopitiam-ali'),
    );
    expect(made.updatedAt).toEqual(server.clock.now());

    server.clock.advance(60);
    const { client: phone, token } = await login(server);
    const dish = await addPlainItem(phone, 'kopitiam-ali');
    const [mine] = await db.select().from(carts).where(eq(carts.token, phone.cartToken));
    expect(mine!.updatedAt).toEqual(server.clock.now());

    // The same diner logs in on the browser: its (older, empty) cart and the diner's, the newest wins.
    browser.setAuthToken(token);
    const seen = await browser.call(cart.cartGet, { query: { scope: 'kopitiam-ali' } });
    expect(seen.items.map((line) => [line.item_id, line.quantity])).toEqual([[dish.id, 1]]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@santap/api-client';
import { orders as orderApi } from '@santap/contract';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { placeDineInOrder } from '../../test/journeys';
import { login } from '../../test/promotions-kit';
import { refusal } from '../../test/refusal';

describe.each(ENGINES)('order ownership on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A client of the same diner on another device: their login, no cart token at all. */
  const withoutCartToken = (token: string | undefined) =>
    createApiClient({
      baseUrl: server.baseUrl,
      country: () => 'MY',
      language: () => 'en',
      authToken: () => token,
      cartToken: () => undefined,
    });

  it('logged-in diner without a cart token -> reads their own order by their user', async () => {
    const { client, token } = await login(server);
    const order = await placeDineInOrder(client);
    const read = await withoutCartToken(token).call(orderApi.orderDetails, {
      query: { order_id: order.order_id },
    });
    expect(read.order_id).toBe(order.order_id);
  });

  it("another diner without a cart token -> 404 for someone else's order, never a 500", async () => {
    const { client } = await login(server);
    const order = await placeDineInOrder(client);
    const other = await login(server);
    const refused = await refusal(
      withoutCartToken(other.token).call(orderApi.orderDetails, { query: { order_id: order.order_id } }),
    );
    expect(refused.statusCode).toBe(404);
  });
});

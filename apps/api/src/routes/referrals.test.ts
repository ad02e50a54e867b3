import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, cart, orders, promotions } from '@santap/contract';
import { AuthRequired } from '@santap/api-client';
import { MESSAGE, ORDER_STATUS } from '@santap/domain';
import { referrals } from '../db/schema';
import { afterOrderStatusChange } from '../services/flows/promotions/bills';
import { ENGINES, LUNCHTIME, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import type { Client } from '../../test/journeys';
import { addFood, completeByStaff, dineIn, login, orderRow } from '../../test/promotions-kit';
import { refusal } from '../../test/refusal';

const DAY = 24 * 60 * 60 * 1000;
const KOPITIAM = 'kopitiam-ali';

describe.each(ENGINES)('referrals on %s', (engine) => {
  let server: TestServer;
  let week = 0;

  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    week += 1;
    server.clock.set(new Date(Date.parse(LUNCHTIME) + week * 7 * DAY));
  });

  const codeOf = async (client: Client) => (await client.call(promotions.referrerCode, {})).referrer_code;
  const applyCode = (client: Client, code: string) =>
    client.call(promotions.referralApply, { body: { referral_code: code } });
  const referralLine = (bill: { lines: { key: string; amount: number }[] }) =>
    bill.lines.find((line) => line.key === 'bill.discount.referral')?.amount ?? 0;

  async function order(client: Client, food: number, table: number) {
    await addFood(client, KOPITIAM, KOPITIAM, food);
    await dineIn(client, KOPITIAM, table);
    return client.call(orders.orderCreate, { body: { scope: KOPITIAM, payment_mode: 'pay_later' } });
  }

  it("referrer-code -> 8 unambiguous characters, the same on every ask; a guest -> 'invalid token'", async () => {
    const { client } = await login(server);
    const code = await codeOf(client);
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(await codeOf(client)).toBe(code);
    const session = await server.client().call(auth.registerGuest, {});
    const guest = server.client({ authToken: session.token });
    expect(await refusal(codeOf(guest))).toBeInstanceOf(AuthRequired);
  });

  it('own code -> refused; an unknown code -> not valid; details offer up to RM 10 in MY and Rp 25.000 in ID', async () => {
    const { client, token } = await login(server);
    const code = await codeOf(client);
    expect(await refusal(applyCode(client, code))).toMatchObject({
      code: MESSAGE.referralOwnCode,
      message: "You can't use your own referral code",
      statusCode: 422,
    });
    expect(await refusal(applyCode(client, 'ZZZZ2222'))).toMatchObject({ code: MESSAGE.referralInvalid });
    const details = await client.call(promotions.referralDetails, {});
    expect(details).toMatchObject({
      offer: { country: 'MY', currency: 'MYR', discount_percent_bps: 1000, discount_up_to: 1000 },
      referee: { status: 'none', can_apply: true },
      referrer: { referrer_code: code, referred: 0 },
    });
    const inIndonesia = server.client({ country: 'ID', authToken: token });
    expect((await inIndonesia.call(promotions.referralDetails, {})).offer).toEqual({
      country: 'ID',
      currency: 'IDR',
      discount_percent_bps: 1000,
      discount_up_to: 25_000,
      referrer_reward: 10_000,
    });
  });

  it('friend applies the code -> first order takes 10% up to RM 10; completion rewards the referrer once; the next order pays full', async () => {
    const referrer = await login(server);
    const code = await codeOf(referrer.client);
    const friend = await login(server);
    const applied = await applyCode(friend.client, ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `);
    expect(applied).toMatchObject({ status: 'applied', offer: { discount_up_to: 1000 } });
    expect(await refusal(applyCode(friend.client, code))).toMatchObject({
      code: MESSAGE.referralAlreadyApplied,
    });
    expect((await friend.client.call(promotions.referralDetails, {})).referee).toEqual({
      status: 'applied',
      can_apply: false,
    });

    await addFood(friend.client, KOPITIAM, KOPITIAM, 15_000);
    const { bill: preview } = await friend.client.call(cart.cartBill, { query: { scope: KOPITIAM } });
    expect(referralLine(preview)).toBe(-1000);
    const first = await order(friend.client, 1, 5008);
    const firstOrder = await orderRow(server, first.order_id);
    expect(referralLine(firstOrder.bill as never)).toBe(-1000);
    const [row] = await server.db.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.refereeUserId, friend.userId));
    expect(row).toMatchObject({
      status: 'used',
      refereeOrderId: first.order_id,
      referrerUserId: referrer.userId,
    });

    await completeByStaff(server, first.order_id, KOPITIAM);
    const { accounts } = await referrer.client.call(promotions.userLoyalty, { query: { scope: KOPITIAM } });
    expect(accounts[0]).toMatchObject({
      balance: 500,
      history: [expect.objectContaining({ kind: 'referral', amount: 500, order_id: first.order_id })],
    });
    await server.db.database.db.transaction((tx) =>
      afterOrderStatusChange(tx, firstOrder, ORDER_STATUS.COMPLETED, server.clock.now()),
    );
    expect(
      (await referrer.client.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).balance,
    ).toBe(500);
    expect((await referrer.client.call(promotions.referralDetails, {})).referrer).toMatchObject({
      referred: 1,
      rewarded: 1,
      pending: 0,
      rewards_total: [{ currency: 'MYR', amount: 500 }],
    });

    const next = await order(friend.client, 15_000, 5008);
    expect(referralLine((await orderRow(server, next.order_id)).bill as never)).toBe(0);
  });

  it('a user who already ordered -> cannot apply a code', async () => {
    const referrer = await login(server);
    const code = await codeOf(referrer.client);
    const friend = await login(server);
    await order(friend.client, 1500, 5009);
    expect(await refusal(applyCode(friend.client, code))).toMatchObject({
      code: MESSAGE.referralAfterFirstOrder,
      message: 'Referral codes can only be used before your first order',
    });
  });

  it('first order cancelled -> the referral comes back for the next order, whose completion rewards', async () => {
    const referrer = await login(server);
    const code = await codeOf(referrer.client);
    const friend = await login(server);
    await applyCode(friend.client, code);
    const first = await order(friend.client, 3000, 5010);
    const food = (await orderRow(server, first.order_id)).subtotal;
    expect(referralLine((await orderRow(server, first.order_id)).bill as never)).toBe(-Math.floor(food / 10));
    await friend.client.call(orders.orderCancel, { body: { order_id: first.order_id } });
    expect((await friend.client.call(promotions.referralDetails, {})).referee.status).toBe('applied');

    const second = await order(friend.client, 3000, 5010);
    expect(referralLine((await orderRow(server, second.order_id)).bill as never)).toBeLessThan(0);
    await completeByStaff(server, second.order_id, KOPITIAM);
    expect(
      (await referrer.client.call(promotions.walletAmount, { query: { scope: KOPITIAM } })).balance,
    ).toBe(500);
  });
});

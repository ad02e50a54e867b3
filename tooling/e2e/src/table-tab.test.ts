/**
 * A table's tab (apps/api docs/tabs.md) on four phones (360×740) and the staff console: friends order
 * onto one bill by scanning menu-besar's dynamic QR (its scan joins), pay it in shares through the
 * simulator's hosted page, two of them asking for the rest at the same moment, and the manager clears
 * the table; then joining by code at kopitiam-ali, a static-QR restaurant. Figures are checked
 * against the server (the tab a phone is told, the payments in the database). Screenshots for review
 * under `tooling/e2e/artefacts/tab/` (gitignored), the tab page also in Malay and Indonesian.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCartToken, formatMoney } from '@santap/domain';
import {
  DEMO_STAFF_PASSWORD,
  apiCall,
  expectVisible,
  launchBrowser,
  scanTableTicket,
  startE2eServer,
} from './harness';
import type { E2eBrowser, E2eServer } from './harness';
import {
  approveOnSimulator,
  dynamicTableLink,
  onTabPage,
  openPhone,
  orderPayLater,
  rows,
  shoot,
  tabOfOrder,
  tabSeenBy,
  until,
} from './tab-kit';
import type { Phone, TabSeen } from './tab-kit';

let server: E2eServer;
let browser: E2eBrowser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startE2eServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rm = (minor: number) => formatMoney(minor, 'MYR', 'en');
/** An amount as a regular expression's source, its dot escaped. */
const rmPattern = (minor: number) => rm(minor).replace('.', '\\.');
/** Part 1 of an equal split: the first `of mod parts` parts carry one sen more (domain `equalParts`). */
const firstPart = (of: number, parts: number) => Math.floor(of / parts) + (of % parts > 0 ? 1 : 0);
const MENU_BESAR = 1004;
const TABLE_1 = 5301;

/** The pay page of the tab, from the tab page's 'Pay my share'. */
async function openPayPage(phone: Phone, tabId: number) {
  await phone.page.getByRole('link', { name: 'Pay my share' }).click();
  await phone.page.waitForURL((url) => url.pathname === `/tab/${tabId}/pay`);
  await phone.page.getByRole('radio', { name: /DuitNow QR/ }).check();
}

/** 'Pay RM x' -> the simulator approves -> back on the tab, thanked. */
async function payAndReturn(phone: Phone, tabId: number, amount: number) {
  await phone.page.getByRole('button', { name: `Pay ${rm(amount)}`, exact: true }).click();
  await approveOnSimulator(phone.page);
  await onTabPage(phone.page, tabId);
  await expectVisible(phone.page.getByText('Thank you! Your payment went through.'));
}

/** The order's total as the database holds it (what its bill came to). */
async function orderTotal(orderId: number) {
  const [order] = await rows<{ total: number }>(
    server,
    `select total from orders where id = ${Number(orderId)}`,
  );
  return order!.total;
}

describe('a table tab at menu-besar (dynamic QR: a scan joins)', () => {
  it('two rounds from two phones, two more join; shares: my dishes, a third of a dish, a quarter, the rest asked by two at once; the manager clears the table', async () => {
    const started = Date.now();
    const phones = await Promise.all([1, 2, 3, 4].map((n) => openPhone(browser, `Phone ${n}`)));
    const [one, two, three, four] = phones as [Phone, Phone, Phone, Phone];
    const link = dynamicTableLink(server, MENU_BESAR, TABLE_1);

    // Round 1: phone 1 scans Table 1 and orders two dishes, pay later: the tab opens.
    await one.page.goto(link);
    await one.page.waitForURL((url) => url.pathname.startsWith('/r/menu-besar'));
    const order1 = await orderPayLater(one.page, 'menu-besar', ['Nasi Goreng Kampung', 'Mee Goreng Mamak']);
    await one.page.getByRole('link', { name: 'Table tab: split the bill' }).click();
    // menu-besar prints both kinds of QR: a static sticker's scan needs the code, so the tab shows it;
    // the dynamic QR's scan joins without it.
    await expectVisible(one.page.getByText('Friends join with this code'));
    const opened = await tabOfOrder(one, server, order1);
    expect(opened).toMatchObject({ status: 'open', joins_by_scan: false, members: [{ me: true }] });
    const tabId = opened!.tab_id;
    await shoot(one.page, 'en-01-phone1-tab-round-1');

    // Round 2: phone 2 scans the same QR: the menu says friends order here; its order joins by the scan.
    await two.page.goto(link);
    await expectVisible(two.page.getByText('Your friends are already ordering at this table'));
    await shoot(two.page, 'en-02-phone2-menu-friends-here');
    const order2 = await orderPayLater(two.page, 'menu-besar', ['Beef Satay', 'Maggi Goreng']);
    expect((await tabOfOrder(two, server, order2))?.tab_id).toBe(tabId);

    // Phones 3 and 4 scan and join from the menu's banner, without ordering.
    await Promise.all(
      [three, four].map(async (phone) => {
        await phone.page.goto(link);
        await phone.page.getByRole('button', { name: "Join your table's tab" }).click();
        await expectVisible(phone.page.getByText(/^You're on your table's tab: RM \d+\.\d\d left$/));
      }),
    );
    await shoot(three.page, 'en-03-phone3-joined');

    // The server's tab: four people, two rounds, the total of the two orders, nothing paid.
    const [total1, total2] = [await orderTotal(order1), await orderTotal(order2)];
    let tab: TabSeen = await tabSeenBy(one, server, tabId);
    expect(tab.members).toHaveLength(4);
    expect(tab.orders.map((order) => order.order_id).sort()).toEqual([order1, order2].sort());
    expect({ total: tab.total, paid: tab.paid, left: tab.left }).toEqual({
      total: total1 + total2,
      paid: 0,
      left: total1 + total2,
    });
    await one.page.reload();
    await expectVisible(one.page.getByText('Round 2 ·', { exact: false }));
    await shoot(one.page, 'en-04-phone1-tab-two-rounds-four-people', { full: true });

    // Phone 1 pays its dishes: its round's dishes carry its order's whole bill.
    await openPayPage(one, tabId);
    await one.page.getByRole('radio', { name: /^My dishes/ }).check();
    await expectVisible(one.page.getByRole('button', { name: `Pay ${rm(total1)}`, exact: true }));
    await shoot(one.page, 'en-05-phone1-pay-my-dishes');
    await payAndReturn(one, tabId, total1);
    await until(async () => (await tabSeenBy(one, server, tabId)).paid === total1);
    await shoot(one.page, 'en-06-phone1-paid');

    // Phone 2: a third of the satay (split between 3), then a quarter of what is left (4 ways, part 1).
    await two.page.getByRole('link', { name: 'Table tab: split the bill' }).click();
    await expectVisible(two.page.getByText('Updates live'));
    tab = await tabSeenBy(two, server, tabId);
    const satay = tab.lines.find((line) => line.name === 'Beef Satay')!;
    expect(satay.member_id).toBe(tab.me);
    const third = firstPart(satay.amount, 3);
    await openPayPage(two, tabId);
    await two.page.getByRole('radio', { name: /^Split one dish/ }).check();
    await two.page.getByRole('radio', { name: /^Beef Satay/ }).check();
    await two.page.getByRole('button', { name: 'One less: Split between' }).click();
    await expectVisible(two.page.getByText('You pay part 1 of 3'));
    await expectVisible(two.page.getByRole('button', { name: `Pay ${rm(third)}`, exact: true }));
    await shoot(two.page, 'en-07-phone2-third-of-satay');
    await payAndReturn(two, tabId, third);
    await until(async () => (await tabSeenBy(two, server, tabId)).paid === total1 + third);

    const quarter = firstPart(total1 + total2 - total1 - third, 4);
    await openPayPage(two, tabId);
    await two.page.getByRole('radio', { name: /^Split the bill equally/ }).check();
    await expectVisible(two.page.getByText('You pay part 1 of 4'));
    await expectVisible(two.page.getByRole('button', { name: `Pay ${rm(quarter)}`, exact: true }));
    await shoot(two.page, 'en-08-phone2-quarter-of-the-rest');
    await payAndReturn(two, tabId, quarter);
    await until(async () => (await tabSeenBy(two, server, tabId)).paid === total1 + third + quarter);
    await shoot(two.page, 'en-09-phone2-tab-after-two-shares', { full: true });

    // The tab page in Malay and Indonesian, as it stands now (a second page of phone 2, then back to English).
    const other = await two.context.newPage();
    await other.setViewportSize({ width: 360, height: 740 });
    for (const [language, live] of [
      ['my', 'Dikemas kini secara langsung'],
      ['id', 'Diperbarui langsung'],
    ] as const) {
      await other.goto(`${server.baseUrl}/tab/${tabId}?language=${language}`);
      await expectVisible(other.getByText(live));
      await shoot(other, `${language}-tab-after-three-shares`, { full: true });
    }
    await other.goto(`${server.baseUrl}/tab/${tabId}?language=en`);
    await other.close();

    // Phones 3 and 4 both tap 'Pay RM <the rest>' at the same moment.
    const rest = total1 + total2 - total1 - third - quarter;
    for (const phone of [three, four]) {
      await phone.page.getByRole('link', { name: 'View the tab' }).click();
      await onTabPage(phone.page, tabId);
      await openPayPage(phone, tabId);
      await phone.page.getByRole('radio', { name: /^Everything left/ }).check();
      await expectVisible(phone.page.getByRole('button', { name: `Pay ${rm(rest)}`, exact: true }));
    }
    const asked = [three, four].map((phone) =>
      phone.page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith(`/api/tabs/${tabId}/shares`),
      ),
    );
    // 'The same moment' made certain: each phone's request is held until both have left their phone,
    // so neither page hears of the other's share (and redraws) before its own tap is sent.
    const sharesPath = `**/api/tabs/${tabId}/shares`;
    let bothSent: () => void = () => undefined;
    const barrier = new Promise<void>((resolve) => (bothSent = resolve));
    let sent = 0;
    for (const phone of [three, four]) {
      await phone.page.route(sharesPath, async (route) => {
        sent += 1;
        if (sent === 2) bothSent();
        await barrier;
        await route.continue();
      });
    }
    await Promise.all(
      [three, four].map((phone) =>
        phone.page.getByRole('button', { name: `Pay ${rm(rest)}`, exact: true }).click(),
      ),
    );
    await barrier;
    for (const phone of [three, four]) await phone.page.unroute(sharesPath);
    // The server holds the rest for one and refuses the other in words; only the one held goes on.
    const answers = await Promise.all(
      asked.map(async (answer) => {
        const response = await answer;
        // The one held goes on to the gateway at once (its reply's body is gone with the page).
        const refusal =
          response.status() === 200 ? undefined : ((await response.json()) as { message: string });
        return { status: response.status(), message: refusal?.message };
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)?.message).toBe(
      'Someone at the table is paying this right now. Try again in a moment.',
    );
    const onGateway = (phone: Phone) =>
      phone.page
        .waitForURL((url) => url.pathname.startsWith('/simulator/pay/'), { timeout: 10_000 })
        .then(
          () => true,
          () => false,
        );
    const [threeWent, fourWent] = await Promise.all([onGateway(three), onGateway(four)]);
    expect([threeWent, fourWent].filter(Boolean)).toHaveLength(1);
    const [payer, refused] = threeWent ? [three, four] : [four, three];
    // The refused phone says why, and does not claim the tab is paid while the other payment is under way.
    await shoot(refused.page, 'en-10-last-share-refused');
    await expectVisible(
      refused.page.getByText('Someone at the table is paying this right now. Try again in a moment.'),
    );
    expect(await refused.page.getByText('Everything is paid. Thank you!').count()).toBe(0);
    await approveOnSimulator(payer.page);
    await onTabPage(payer.page, tabId);
    await expectVisible(payer.page.getByText('Everything is paid. Thank you!'));
    const totals = payer.page.getByRole('region', { name: 'Table tab' });
    await expect
      .poll(() => totals.innerText())
      .toMatch(
        new RegExp(
          `^Total\\s+${rmPattern(total1 + total2)}\\s+Paid\\s+${rmPattern(total1 + total2)}\\s+Left to pay\\s+RM 0\\.00$`,
        ),
      );
    await shoot(payer.page, 'en-11-last-share-paid', { full: true });

    // The manager's board: Table 1 with nothing left; 'Close table' clears it.
    const { context: staffContext, page: board } = await browser.newPage();
    await board.setViewportSize({ width: 1280, height: 800 });
    await board.goto(`${server.baseUrl}/staff/login`);
    await board.getByLabel('Username').fill('menu-besar-manager');
    await board.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
    await board.getByRole('button', { name: 'Log in' }).click();
    const card = board.getByRole('article', { name: 'Table 1' });
    await expectVisible(card);
    await expectVisible(card.getByText('All paid'));
    expect(await card.innerText()).toMatch(
      new RegExp(
        `Total\\s+${rmPattern(total1 + total2)}\\s+Paid\\s+${rmPattern(total1 + total2)}\\s+Left to pay\\s+All paid`,
      ),
    );
    await shoot(board, 'en-12-staff-board-table-paid');
    await card.getByRole('button', { name: 'Bill and payments' }).click();
    const details = board.getByRole('dialog', { name: 'Table 1' });
    await expectVisible(details);
    await shoot(board, 'en-13-staff-bill-and-payments');
    await details.getByRole('button', { name: 'Close table' }).click();
    await expectVisible(board.getByText('Table 1 is closed'));
    await card.waitFor({ state: 'detached' });
    await shoot(board, 'en-14-staff-table-closed');

    // The server: paid = total, nothing left, closed; four shares paid, their captures add up to the
    // total (nobody charged twice: the refused phone started no payment), every order paid.
    tab = await tabSeenBy(one, server, tabId);
    expect({ status: tab.status, paid: tab.paid, pending: tab.pending, left: tab.left }).toEqual({
      status: 'closed',
      paid: total1 + total2,
      pending: 0,
      left: 0,
    });
    const paidShares = tab.shares.filter((share) => share.state === 'paid');
    expect(paidShares.map((share) => [share.kind, share.settles])).toEqual(
      expect.arrayContaining([
        ['mine', total1],
        ['dish_part', third],
        ['equal', quarter],
        ['rest', rest],
      ]),
    );
    expect(paidShares).toHaveLength(4);
    const captured = await rows<{ amount: number; state: string }>(
      server,
      `select amount, state from payments where purpose = 'tab_share' and data->>'tab_id' = '${tabId}'`,
    );
    expect(captured.filter((payment) => payment.state === 'success')).toHaveLength(4);
    expect(
      captured.filter((payment) => payment.state === 'success').reduce((sum, p) => sum + p.amount, 0),
    ).toBe(total1 + total2);
    expect(await rows(server, `select id from refunds`)).toEqual([]);
    const orders = await rows<{ id: number; total: number; paid_amount: number }>(
      server,
      `select id, total, paid_amount from orders where tab_id = ${tabId} order by id`,
    );
    expect(orders.map((order) => [order.id, order.paid_amount])).toEqual([
      [order1, total1],
      [order2, total2],
    ]);
    console.info(`table tab journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await Promise.all([...phones.map((phone) => phone.context.close()), staffContext.close()]);
  }, 110_000);
});

describe('joining by code at kopitiam-ali (static QR: a scan alone joins nobody)', () => {
  it("a friend's tab at T5 -> the menu asks for its code -> a wrong one refused in words -> the right one -> on the tab", async () => {
    // A friend's pay-later order at T5, through the API (their phone is not the one in hand).
    const friend = { cartToken: createCartToken(), tableTicket: await scanTableTicket(server, 1001, 5005) };
    await apiCall(server, 'POST', '/api/orders/cart/update.php', {
      ...friend,
      payload: { scope: 'kopitiam-ali', item_id: 1001001, quantity: 1 },
    });
    await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
      ...friend,
      payload: { scope: 'kopitiam-ali', context: { orderType: 1, tableId: 5005 } },
    });
    const { order_id: orderId } = await apiCall<{ order_id: number }>(
      server,
      'POST',
      '/api/orders/create.php',
      {
        ...friend,
        payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
      },
    );
    const { tab } = await apiCall<{ tab: TabSeen }>(
      server,
      'GET',
      `/api/tabs/of-order?order_id=${orderId}`,
      friend,
    );
    expect(tab.joins_by_scan).toBe(false);
    expect(tab.join_code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);

    const me = await openPhone(browser, 'Phone at T5');
    await me.page.goto(`${server.baseUrl}/set_restaurant_qr.php?restaurant_id=1001&tid=5005`);
    await me.page.waitForURL((url) => url.pathname.startsWith('/r/kopitiam-ali'));
    // Scanned, not joined: the tab is not this phone's to read.
    expect((await me.context.request.get(`${server.baseUrl}/api/tabs/${tab.tab_id}`)).status()).toBe(404);
    const code = me.page.getByRole('textbox', { name: 'Their code' });
    await code.fill('AAAAAA');
    await me.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectVisible(
      me.page.getByText('That code is not right. Ask a friend at the table for the tab’s code.'),
    );
    await shoot(me.page, 'en-20-static-wrong-code');
    await code.fill(tab.join_code!.toLowerCase());
    await me.page.getByRole('button', { name: 'Join', exact: true }).click();
    await expectVisible(me.page.getByText(`You're on your table's tab: ${rm(tab.total)} left`));
    await me.page.getByRole('link', { name: 'View the tab' }).click();
    await onTabPage(me.page, tab.tab_id);
    await expectVisible(me.page.getByText('Nasi Lemak', { exact: false }).first());
    await shoot(me.page, 'en-21-static-joined-tab');
    const seen = await tabSeenBy(me, server, tab.tab_id);
    expect(seen.members).toHaveLength(2);
    expect(seen.members.filter((member) => member.me)).toHaveLength(1);
    await me.context.close();
  });
});

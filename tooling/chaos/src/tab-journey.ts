/**
 * A group of four at one table paying its tab in shares (apps/api docs/tabs.md), all through the
 * proxy: two phones order a round each onto one tab, the other two join, phone 1 pays its dishes
 * while phone 2 pays a third of a dish and a quarter of the bill, then phones 3 and 4 ask for the
 * rest at the same moment. Whatever is still left is paid by phone 3 or, in the end, taken at the
 * counter; staff clear the table. What the phones were told goes into the group's record for the
 * audit (tab-invariants.ts).
 */
import { randomUUID } from 'node:crypto';
import { cart, orders, restaurants, staff, tabs } from '@santap/contract';
import type { ShareRequestInput, TabView } from '@santap/contract';
import { DEMO, DEMO_STAFF_PASSWORD, demoQrSecret, dynamicQrText } from '@santap/api/testing';
import { clientFor } from './browser';
import type { Client } from './browser';
import { payOnHostedPage } from './gateway';
import { acknowledge, addDishes, addMore, newDiner } from './journeys';
import type { Place } from './journeys';
import type { DinerRecord } from './invariants';
import type { LastShareRace, TabGroupRecord } from './tab-invariants';
import { Refused, retrying, sleep } from './run';
import type { Run } from './run';

/**
 * Where groups sit: kopitiam-ali (static QR: friends join with the tab's code) and menu-besar (both
 * plans: its dynamic QR's scan joins), away from T3 where the table journeys order. A table goes back
 * to the pool only once its tab is closed, so a dynamic scan never joins the last group's tab.
 */
const SITES = [
  {
    scope: 'kopitiam-ali',
    restaurantId: DEMO.kopitiamAli,
    joinsBy: 'code' as const,
    tables: [5005, 5006, 5007, 5008, 5009, 5010, 5011, 5012],
  },
  {
    scope: 'menu-besar',
    restaurantId: DEMO.menuBesar,
    joinsBy: 'scan' as const,
    tables: Array.from({ length: 10 }, (_, i) => DEMO.tables.menuBesar.first + i),
  },
];
type Site = (typeof SITES)[number];

interface Phone {
  client: Client;
  /** What this phone was told (its order, if it placed one): every phone's captures are audited. */
  diner: DinerRecord;
  name: string;
}

/** The table check of a scan: the dynamic QR a menu-besar table shows (valid an hour), else the static one. */
async function scan(run: Run, phone: Phone, site: Site, place: Place) {
  let query: { v?: string; sig?: string } = {};
  if (site.joinsBy === 'scan') {
    const validUntil = Math.floor(run.now().getTime() / 1000) + 3600;
    const text = dynamicQrText(
      'http://qr.invalid',
      demoQrSecret(site.restaurantId),
      { kind: 'table', restaurantId: String(site.restaurantId), tableId: String(place.tableId) },
      validUntil,
    );
    const params = new URL(text).searchParams;
    query = { v: params.get('v') ?? '', sig: params.get('sig') ?? '' };
  }
  await retrying('table QR', () =>
    phone.client.call(restaurants.restaurantTable, {
      params: { restaurantId: place.restaurantId, tableId: place.tableId },
      query,
    }),
  );
}

/** A round of one or two dishes, pay later, placed with one key retried until answered; its order id. */
async function orderRound(run: Run, phone: Phone, place: Place, group: TabGroupRecord): Promise<number> {
  const { diner } = phone;
  await addDishes(run, phone.client, place.scope, place.scope, 1 + Math.floor(run.random() * 2));
  await retrying('cart details', () =>
    phone.client.call(cart.cartDetails, {
      body: { scope: place.scope, context: { orderType: 1, tableId: place.tableId } },
    }),
  );
  const order = await retrying('order create', () =>
    phone.client.call(
      orders.orderCreate,
      { body: { scope: place.scope, payment_mode: 'pay_later' } },
      { idempotencyKey: diner.idempotencyKey },
    ),
  );
  acknowledge(run, diner, phone.client, order.order_ids);
  group.orderIds.push(...order.order_ids);
  return order.order_id;
}

const readTab = (phone: Phone, tabId: number) =>
  retrying('tab', () => phone.client.call(tabs.tabGet, { params: { tabId } })).then((reply) => reply.tab);

/** The tab once no share of it is under way (a capture's notification lands late), or as it is after 20 s. */
async function settledTab(phone: Phone, tabId: number): Promise<TabView> {
  const until = Date.now() + 20_000;
  for (;;) {
    const tab = await readTab(phone, tabId);
    if (tab.pending === 0 || Date.now() > until) return tab;
    await sleep(500);
  }
}

type Started = { shareId: number; payment: Parameters<typeof payOnHostedPage>[1] };

/**
 * `tabs.payShare` with one key, retried until answered; undefined when refused with words (counted
 * in `refusals` by those words when given).
 */
async function startShare(
  run: Run,
  phone: Phone,
  tabId: number,
  request: ShareRequestInput,
  refusals?: Record<string, number>,
): Promise<Started | undefined> {
  const key = randomUUID();
  try {
    const started = await retrying('tab share', () =>
      phone.client.call(
        tabs.tabPayShare,
        { params: { tabId }, body: { request, method: 'Wallet', channel: 'grab_pay_app' } },
        { idempotencyKey: key },
      ),
    );
    return { shareId: started.share.share_id, payment: started.payment };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    run.counters.tabSharesRefused++;
    if (refusals) {
      const words = error.message.replace(/^tab share: /, '');
      refusals[words] = (refusals[words] ?? 0) + 1;
    }
    return undefined;
  }
}

/**
 * The payer on the gateway's page. A payment lost with its instance's simulator is let go of
 * (`tabs.cancelShare`), so its dishes are free again: a capture that still comes for it must then be
 * counted only if nobody took them meanwhile, else refunded (the audit).
 */
async function payStarted(run: Run, phone: Phone, tabId: number, started: Started): Promise<boolean> {
  if (await payOnHostedPage(run, started.payment, { orderId: undefined, tabId })) {
    run.counters.tabShares++;
    return true;
  }
  run.counters.tabSharesLost++;
  try {
    await retrying('cancel share', () =>
      phone.client.call(tabs.tabCancelShare, { params: { tabId, shareId: started.shareId } }),
    );
  } catch (error) {
    // Paid meanwhile (its capture did reach the product), or no answer for a minute.
    if (!(error instanceof Refused)) throw error;
  }
  return false;
}

async function payShare(run: Run, phone: Phone, tabId: number, request: ShareRequestInput) {
  const started = await startShare(run, phone, tabId, request);
  return started ? payStarted(run, phone, tabId, started) : false;
}

const managers = new Map<string, Promise<Client>>();
/** The restaurant's manager on the floor (one login per restaurant and run). */
function managerOf(run: Run, restaurantId: number): Promise<Client> {
  const key = `${run.baseUrl} ${restaurantId}`;
  let manager = managers.get(key);
  if (!manager) {
    manager = retrying('staff login', () =>
      clientFor(run.baseUrl).call(staff.staffLogin, {
        body: {
          username: `${DEMO.nameids[restaurantId as keyof typeof DEMO.nameids]}-manager`,
          password: DEMO_STAFF_PASSWORD,
        },
      }),
    ).then((session) => clientFor(run.baseUrl, session.token));
    managers.set(key, manager);
    manager.catch(() => managers.delete(key));
  }
  return manager;
}

/**
 * Phone 2's shares while phone 1 pays its dishes: a third of one of its own dishes, then a quarter
 * of what is left (the first part of an equal split of four).
 */
async function phoneTwoShares(run: Run, phone: Phone, tabId: number) {
  const tab = await readTab(phone, tabId);
  const dish = tab.lines.find((line) => line.member_id === tab.me && line.left > 0);
  if (dish)
    await payShare(run, phone, tabId, { kind: 'dish_part', line_id: dish.line_id, parts: 3, part: 1 });
  await payShare(run, phone, tabId, { kind: 'equal', parts: 4, part: 1 });
}

/** Phones 3 and 4 tap 'pay the rest' at the same moment: one holds it, the other is refused (or gets less). */
async function lastShareRace(run: Run, phones: [Phone, Phone], tabId: number, group: TabGroupRecord) {
  const before = await settledTab(phones[0], tabId);
  if (before.left === 0) return;
  const race: LastShareRace = { leftBefore: before.left, shareIds: [], refused: 0 };
  group.races.push(race);
  run.counters.lastShareRaces++;
  const started = await Promise.all(
    phones.map((phone) => startShare(run, phone, tabId, { kind: 'rest' }, run.lastShareRefusals)),
  );
  race.refused = started.filter((one) => one === undefined).length;
  if (race.refused > 0) run.counters.lastShareRefused++;
  for (const one of started) if (one) race.shareIds.push(one.shareId);
  await Promise.all(
    started.map((one, i) => (one ? payStarted(run, phones[i]!, tabId, one) : Promise.resolve(false))),
  );
}

/**
 * One group in three: phone 3 starts paying the rest, changes its mind and lets go of the share
 * (`tabs.cancelShare`) while the gateway's page stays open; after the race took those dishes it
 * completes that page after all. The capture of a share let go whose dishes were paid meanwhile must
 * be given back whole (`duplicate_payment`, apps/api model/tab-shares.ts); the audit checks it.
 */
const LATE_CAPTURE = 1 / 3;

async function letGoOfRest(run: Run, phone: Phone, tabId: number): Promise<Started | undefined> {
  await settledTab(phone, tabId);
  const started = await startShare(run, phone, tabId, { kind: 'rest' });
  if (!started) return undefined;
  try {
    await retrying('cancel share', () =>
      phone.client.call(tabs.tabCancelShare, { params: { tabId, shareId: started.shareId } }),
    );
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return undefined;
  }
  run.counters.sharesLetGo++;
  return started;
}

/** Whatever is still left after the race: phone 3 pays the rest (twice at most), then the counter takes it. */
async function payWhatIsLeft(run: Run, phone: Phone, tabId: number, site: Site) {
  for (let round = 0; round < 2; round++) {
    const tab = await settledTab(phone, tabId);
    if (tab.left === 0) return;
    await payShare(run, phone, tabId, { kind: 'rest' });
  }
  const tab = await settledTab(phone, tabId);
  if (tab.left === 0 || tab.pending > 0) return;
  const manager = await managerOf(run, site.restaurantId);
  const key = randomUUID();
  try {
    await retrying('take the rest', () =>
      manager.call(
        tabs.staffTabCash,
        { params: { tabId }, body: { method: 'Cash' } },
        { idempotencyKey: key },
      ),
    );
    run.counters.counterTakes++;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
  }
}

/** Staff clear the table (refused while money is left: the tab stays open and the table is not reused). */
async function clearTable(run: Run, tabId: number, site: Site): Promise<boolean> {
  const manager = await managerOf(run, site.restaurantId);
  try {
    await retrying('close tab', () =>
      manager.call(tabs.staffTabClose, { params: { tabId }, body: { force: false } }),
    );
    run.counters.tabsClosed++;
    return true;
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return false;
  }
}

/** The group's journey (see the file's comment); any failure short of a refusal with words is a give-up. */
export async function tabJourney(run: Run): Promise<void> {
  const { counters, random } = run;
  const site = SITES[Math.floor(random() * SITES.length)]!;
  const tableId = site.tables.shift();
  if (tableId === undefined) return;
  counters.journeys++;
  counters.tabGroups++;
  const place: Place = { scope: site.scope, restaurantId: site.restaurantId, tableId };
  const group: TabGroupRecord = {
    restaurantId: site.restaurantId,
    tableId,
    tabId: undefined,
    orderIds: [],
    races: [],
  };
  const phones: Phone[] = [1, 2, 3, 4].map((n) => {
    const client = clientFor(run.baseUrl);
    return { client, diner: newDiner(run, client), name: `Phone ${n}` };
  });
  const [one, two, three, four] = phones as [Phone, Phone, Phone, Phone];
  run.tabGroups.push({ record: group, reader: one.client });
  let closed = false;
  try {
    await scan(run, one, site, place);
    const first = await orderRound(run, one, place, group);
    const opened = await retrying('tab of order', () =>
      one.client.call(tabs.tabOfOrder, { query: { order_id: first } }),
    );
    if (!opened.tab) throw new Error(`order ${first} at table ${tableId} is on no tab`);
    const tabId = opened.tab.tab_id;
    group.tabId = tabId;
    const join = async (phone: Phone) => {
      await scan(run, phone, site, place);
      await retrying('join tab', () =>
        phone.client.call(tabs.tabJoin, {
          body: {
            restaurant_id: site.restaurantId,
            table_id: tableId,
            ...(site.joinsBy === 'code' ? { code: opened.tab!.join_code ?? '' } : {}),
            name: phone.name,
          },
        }),
      );
    };
    // Round 2 from phone 2, once on the tab (at a static-QR table its order would open a tab of its own).
    await join(two);
    await orderRound(run, two, place, group);
    if (random() < 0.5) await addMore(run, one.client, first, place);
    await Promise.all([join(three), join(four)]);

    await Promise.all([payShare(run, one, tabId, { kind: 'mine' }), phoneTwoShares(run, two, tabId)]);
    const late = random() < LATE_CAPTURE ? await letGoOfRest(run, three, tabId) : undefined;
    await lastShareRace(run, [three, four], tabId, group);
    if (late && (await payOnHostedPage(run, late.payment, { orderId: undefined, tabId }))) {
      counters.lateCaptures++;
    }
    await payWhatIsLeft(run, three, tabId, site);
    const tab = await settledTab(three, tabId);
    if (tab.left === 0 && tab.pending === 0) closed = await clearTable(run, tabId, site);
  } catch (error) {
    counters.gaveUp++;
    run.failures.push(`tab: ${(error as Error).message}`);
  } finally {
    if (closed) site.tables.push(tableId);
  }
}

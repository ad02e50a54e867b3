import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ENGINES, openTestDatabase } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';
import { createLiveEvents, orderTopics } from './live-events';
import type { LiveEvent } from './live-events';

const created = (orderId: number): LiveEvent => ({
  topics: ['restaurant:1001', `order:${orderId}`],
  type: 'order.created',
  data: { order_id: orderId, restaurant_id: 1001 },
});

/** Events of one topic as a receiving instance gets them. */
function collect(database: Database, topic: string) {
  const receiver = createLiveEvents(database);
  const got: number[] = [];
  return {
    got,
    async start() {
      await receiver.start();
      receiver.subscribe(topic, (event) => got.push(Number(event.data.order_id)));
    },
    async until(count: number) {
      for (let waited = 0; got.length < count && waited < 5000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return got;
    },
    stop: () => receiver.stop(),
  };
}

describe.each(ENGINES)('live events after commit on %s', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(engine);
  });
  afterAll(() => db.close());

  it('events published in three calls at once -> every one delivered, in the order published', async () => {
    const receiver = collect(db.database, 'restaurant:1001');
    await receiver.start();
    const sender = createLiveEvents(db.database);
    sender.publishCommitted([created(1), created(2)]);
    sender.publishCommitted([created(3)]);
    sender.publishCommitted([]);
    sender.publishCommitted([created(4)]);
    expect(await receiver.until(4)).toEqual([1, 2, 3, 4]);
    await sender.stop();
    await receiver.stop();
  });

  it('an empty publish first -> later events still sent', async () => {
    const receiver = collect(db.database, 'order:7');
    await receiver.start();
    const sender = createLiveEvents(db.database);
    sender.publishCommitted([]);
    sender.publishCommitted([created(7)]);
    expect(await receiver.until(1)).toEqual([7]);
    await sender.stop();
    await receiver.stop();
  });

  it('stop() while a send is held up -> resolves only once the send is done', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowDb = Object.create(db.database.db) as Database['db'];
    const sent: string[] = [];
    slowDb.execute = ((query: Parameters<Database['db']['execute']>[0]) =>
      gate
        .then(() => db.database.db.execute(query))
        .then((result) => {
          sent.push('notify');
          return result;
        })) as Database['db']['execute'];
    const sender = createLiveEvents({ ...db.database, db: slowDb });
    sender.publishCommitted([created(9)]);
    let stopped = false;
    const stopping = sender.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sent).toEqual(['notify']);
  });
});

describe('orderTopics', () => {
  it("an order on a tab -> its tab's topic too (every phone on the tab hears its rounds and payments)", () => {
    expect(orderTopics({ id: 7, restaurantId: 1001, fcOrderId: null, tabId: 42 })).toEqual([
      'order:7',
      'restaurant:1001',
      'tab:42',
    ]);
  });

  it("an order on no tab, of a food court -> no tab topic, the food-court order's", () => {
    expect(orderTopics({ id: 7, restaurantId: 1001, fcOrderId: 3, tabId: null })).toEqual([
      'order:7',
      'restaurant:1001',
      'fc:3',
    ]);
  });
});

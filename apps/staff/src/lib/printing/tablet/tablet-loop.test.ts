import { describe, expect, it } from 'vitest';
import { NoInternet, ServerMessage } from '@santap/api-client';
import type { RememberedDevice } from '../remembered-devices';
import type { TabletJob } from '../types';
import { TabletPrintLoop, jobBytes } from './tablet-loop';
import type { TabletLoopStatus, TabletQueue } from './tablet-loop';
import type { TabletDevice } from './tablet-device';

const OPENED: RememberedDevice = {
  connection: 'tablet_usb',
  type: 'usb',
  vendorId: 0x04b8,
  productId: 0x0202,
  serialNumber: 'X1',
  id: null,
  label: 'EPSON TM-m30',
};

const base64 = (text: string) => btoa(text);
const job = (id: number, text: string): TabletJob => ({
  job_id: id,
  kind: 'order_new',
  command_set: 'esc-pos',
  data_base64: base64(text),
});
const decode = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** A printer on a cable: records what it was sent; `unplug()` / `plugIn()` as a person would. */
class FakeDevice implements TabletDevice {
  printed: string[] = [];
  plugged = true;
  reconnects = 0;
  /** Unplugged while this job's bytes go out (the driver swallows the failed transfer, as the real ones do). */
  unplugDuring: string | null = null;
  private lost: (() => void)[] = [];
  connect = async () => OPENED;
  async reconnect() {
    this.reconnects += 1;
    return this.plugged ? OPENED : null;
  }
  async print(bytes: Uint8Array) {
    const text = decode(bytes);
    if (!this.plugged) return;
    if (this.unplugDuring === text) {
      this.unplug();
      return;
    }
    this.printed.push(text);
  }
  async disconnect() {}
  onDisconnected(listener: () => void) {
    this.lost.push(listener);
  }
  unplug() {
    this.plugged = false;
    setTimeout(() => this.lost.forEach((listener) => listener()), 0);
  }
  plugIn() {
    this.plugged = true;
  }
}

/** The server's queue of one printer: jobs handed out oldest first until confirmed. */
class FakeQueue implements TabletQueue {
  states: string[] = [];
  confirmed: [number, string][] = [];
  failNextDone: unknown[] = [];
  refuseNext: unknown = null;
  constructor(public waiting: TabletJob[]) {}
  async next(state: Parameters<TabletQueue['next']>[0]) {
    this.states.push(state);
    if (this.refuseNext) {
      const error = this.refuseNext;
      this.refuseNext = null;
      throw error;
    }
    return this.waiting[0] ?? null;
  }
  async done(jobId: number, result: 'printed' | 'failed') {
    const failure = this.failNextDone.shift();
    if (failure) throw failure;
    this.confirmed.push([jobId, result]);
    this.waiting = this.waiting.filter((waiting) => waiting.job_id !== jobId);
  }
}

function startLoop(device: FakeDevice, queue: FakeQueue) {
  const statuses: TabletLoopStatus[] = [];
  const loop = new TabletPrintLoop({
    device,
    opened: OPENED,
    queue,
    onStatus: (status) => statuses.push(status),
    idleMs: 20,
    reconnectMs: 20,
    retryMs: 20,
  });
  const done = loop.run();
  return { loop, statuses, done };
}

describe('the tablet printer loop', () => {
  it('base64 of a job -> its bytes', () => {
    expect([...jobBytes({ data_base64: base64('\x1b@Nasi') })]).toEqual([0x1b, 0x40, 78, 97, 115, 105]);
  });

  it('two waiting jobs -> each printed once, in order, confirmed printed; then idle polls report online', async () => {
    const device = new FakeDevice();
    const queue = new FakeQueue([job(1, 'T3 Nasi Goreng'), job(2, 'T4 Teh Tarik')]);
    const { loop, statuses, done } = startLoop(device, queue);
    await expect.poll(() => queue.confirmed.length).toBe(2);
    await expect.poll(() => queue.states.length).toBeGreaterThan(3);
    loop.stop();
    await done;
    expect(device.printed).toEqual(['T3 Nasi Goreng', 'T4 Teh Tarik']);
    expect(queue.confirmed).toEqual([
      [1, 'printed'],
      [2, 'printed'],
    ]);
    expect(new Set(queue.states)).toEqual(new Set(['online']));
    expect(statuses.at(-2)).toMatchObject({ phase: 'ready', printed: 2 });
    expect(statuses.at(-1)?.phase).toBe('stopped');
  });

  it('a confirmation lost to the network -> sent again until through, the job printed once', async () => {
    const device = new FakeDevice();
    const queue = new FakeQueue([job(1, 'T3 Nasi Goreng')]);
    queue.failNextDone = [new NoInternet(), new NoInternet()];
    const { loop, done } = startLoop(device, queue);
    await expect.poll(() => queue.confirmed).toEqual([[1, 'printed']]);
    loop.stop();
    await done;
    expect(device.printed).toEqual(['T3 Nasi Goreng']);
  });

  it('unplugged mid-job -> that job failed, offline reported once, reopened when plugged back, the next job printed', async () => {
    const device = new FakeDevice();
    device.unplugDuring = 'T3 Nasi Goreng';
    const queue = new FakeQueue([job(1, 'T3 Nasi Goreng')]);
    const { loop, statuses, done } = startLoop(device, queue);
    await expect.poll(() => queue.confirmed).toEqual([[1, 'failed']]);
    await expect.poll(() => statuses.at(-1)?.phase).toBe('lost');
    await expect.poll(() => device.reconnects).toBeGreaterThan(1);
    expect(queue.states.filter((state) => state === 'offline')).toHaveLength(1);
    queue.waiting.push(job(2, 'T4 Teh Tarik'));
    device.plugIn();
    await expect
      .poll(() => queue.confirmed)
      .toEqual([
        [1, 'failed'],
        [2, 'printed'],
      ]);
    loop.stop();
    await done;
    expect(device.printed).toEqual(['T4 Teh Tarik']);
  });

  it('wake() while idle -> asks at once instead of after the idle wait', async () => {
    const device = new FakeDevice();
    const queue = new FakeQueue([]);
    const loop = new TabletPrintLoop({
      device,
      opened: OPENED,
      queue,
      onStatus: () => undefined,
      idleMs: 60_000,
    });
    const done = loop.run();
    await expect.poll(() => queue.states.length).toBe(1);
    queue.waiting.push(job(7, 'T9 Roti Tisu'));
    loop.wake();
    await expect.poll(() => device.printed).toEqual(['T9 Roti Tisu']);
    loop.stop();
    await done;
  });

  it('the server refuses (printer deleted) -> the loop stops with the reason; a lost network only waits', async () => {
    const device = new FakeDevice();
    const queue = new FakeQueue([]);
    queue.refuseNext = new NoInternet();
    const first = startLoop(device, queue);
    await expect.poll(() => queue.states.length).toBeGreaterThan(2);
    first.loop.stop();
    await first.done;

    const gone = new ServerMessage('Not found', 'errors.notFound', 404);
    queue.refuseNext = gone;
    const second = startLoop(device, queue);
    await second.done;
    expect(second.statuses.at(-1)).toMatchObject({ phase: 'stopped', problem: gone });
  });
});

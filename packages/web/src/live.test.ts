import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLiveSocketFactory, watchTopic } from './live';
import type { LiveSocket, LiveSocketFactory } from './live';

class FakeSocket implements LiveSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
}

let previous: LiveSocketFactory;
beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  previous = setLiveSocketFactory(() => new FakeSocket());
});
afterEach(() => {
  setLiveSocketFactory(previous);
  vi.useRealTimers();
});

/** A board's channel (following the device), connected, then the device goes offline. */
function boardWentOffline() {
  const onConnectionChange = vi.fn();
  const onSubscribed = vi.fn();
  const subscription = watchTopic(
    'restaurant:1',
    { onEvent: vi.fn(), onConnectionChange, onSubscribed },
    { followDevice: true, maxBackoffMs: 10_000 },
  );
  FakeSocket.made[0]!.open();
  window.dispatchEvent(new Event('offline'));
  return { onConnectionChange, onSubscribed, subscription };
}

describe('watchTopic', () => {
  it('auth given -> the auth message before the subscription', () => {
    const subscription = watchTopic('restaurant:1', { onEvent: vi.fn() }, { auth: { staff_token: 'tok' } });
    FakeSocket.made[0]!.open();
    expect(FakeSocket.made[0]!.sent.slice(0, 2)).toEqual([
      { type: 'auth', staff_token: 'tok' },
      { type: 'subscribe', topic: 'restaurant:1' },
    ]);
    subscription.close();
  });

  it('auth refused -> the socket closed and tried again after 1 s, then 2 s; no auth -> a refusal keeps it', () => {
    const staff = watchTopic('restaurant:1', { onEvent: vi.fn() }, { auth: { staff_token: 'old' } });
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.receive({ type: 'error', topic: 'restaurant:1' });
    expect(FakeSocket.made[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.open();
    FakeSocket.made[1]!.receive({ type: 'error', topic: 'restaurant:1' });
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    staff.close();

    const diner = watchTopic('order:7', { onEvent: vi.fn() });
    FakeSocket.made[3]!.open();
    FakeSocket.made[3]!.receive({ type: 'error', topic: 'order:7' });
    expect(FakeSocket.made[3]!.closed).toBe(false);
    diner.close();
  });

  it('followDevice: offline -> dropped and told at once; online -> tried again without waiting', () => {
    const { onConnectionChange, subscription } = boardWentOffline();
    expect(onConnectionChange).toHaveBeenLastCalledWith(false);
    expect(FakeSocket.made[0]!.closed).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(2);
    subscription.close();
  });

  it('followDevice: online while an attempt made offline still hangs -> a fresh socket at once; the old one is let go and its late close retries nothing', () => {
    const { onConnectionChange, subscription } = boardWentOffline();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(2);
    const hanging = FakeSocket.made[1]!;
    expect(hanging.readyState).toBe(0);

    window.dispatchEvent(new Event('online'));
    expect(FakeSocket.made).toHaveLength(3);
    expect(hanging.closed).toBe(true);
    FakeSocket.made[2]!.open();
    expect(onConnectionChange).toHaveBeenLastCalledWith(true);
    // The abandoned socket's own events no longer count: no new attempt, no 'disconnected'.
    vi.advanceTimersByTime(30_000);
    expect(FakeSocket.made).toHaveLength(3);
    expect(onConnectionChange).toHaveBeenLastCalledWith(true);

    subscription.close();
  });

  it('followDevice: online while an attempt made offline is open -> let go and subscribed afresh, so the page re-reads', () => {
    const { onSubscribed, subscription } = boardWentOffline();
    // The device still says offline, but a retry got through (its page's fetches did not).
    vi.advanceTimersByTime(1000);
    const madeOffline = FakeSocket.made[1]!;
    madeOffline.open();
    madeOffline.receive({ type: 'subscribed', topic: 'restaurant:1' });
    expect(onSubscribed).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('online'));
    expect(madeOffline.closed).toBe(true);
    expect(FakeSocket.made).toHaveLength(3);
    const fresh = FakeSocket.made[2]!;
    fresh.open();
    expect(fresh.sent).toContainEqual({ type: 'subscribe', topic: 'restaurant:1' });
    fresh.receive({ type: 'subscribed', topic: 'restaurant:1' });
    expect(onSubscribed).toHaveBeenCalledTimes(2);
    // The let-go socket's late frames reach nothing.
    madeOffline.receive({ type: 'subscribed', topic: 'restaurant:1' });
    expect(onSubscribed).toHaveBeenCalledTimes(2);
    subscription.close();
  });
});

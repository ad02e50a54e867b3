import { describe, expect, it } from 'vitest';
import { OFFLINE_AFTER_SECONDS, POLL_INTERVAL_SECONDS, stateNow } from './states';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 23, 4, 0, seconds));
const row = (lastSeen: number | null, state = 'online', stateAt = 0) => ({
  state,
  stateAt: at(stateAt),
  lastSeenAt: lastSeen === null ? null : at(lastSeen),
  createdAt: at(0),
});

describe('stateNow (the offline rule)', () => {
  it('offline after three poll intervals: 15 s', () => {
    expect(OFFLINE_AFTER_SECONDS).toBe(3 * POLL_INTERVAL_SECONDS);
    expect(OFFLINE_AFTER_SECONDS).toBe(15);
  });

  it('polled 14 s ago -> what it reported; 15 s ago -> offline since its last poll + 15 s', () => {
    expect(stateNow(row(10, 'paper_low', 5), at(24))).toEqual({
      state: 'paper_low',
      since: at(5),
      offlineSince: null,
    });
    expect(stateNow(row(10, 'paper_low', 5), at(25))).toEqual({
      state: 'offline',
      since: at(25),
      offlineSince: at(25),
    });
  });

  it('never polled -> offline since it was added; a tablet reporting its printer offline -> offline since then', () => {
    expect(stateNow(row(null), at(100))).toEqual({ state: 'offline', since: at(0), offlineSince: at(0) });
    expect(stateNow(row(50, 'offline', 40), at(55))).toEqual({
      state: 'offline',
      since: at(40),
      offlineSince: at(40),
    });
  });
});

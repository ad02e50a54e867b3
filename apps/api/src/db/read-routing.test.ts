import { describe, expect, it } from 'vitest';
import { ReadRouting, parseLsn, probeIntervalMs } from './read-routing';
import type { ReplicaProbe } from './read-routing';

/** A primary and a replica as positions, and a clock, that a test moves by hand. */
function fakeCluster() {
  const state = {
    now: 0,
    primary: 100n,
    replayed: 100n,
    inRecovery: true,
    down: false,
    /** Runs between the primary's sample and the replica's answer (a write landing mid-probe). */
    betweenQueries: undefined as (() => void) | undefined,
  };
  const probe: ReplicaProbe = {
    primaryPosition: async () => state.primary,
    replica: async () => {
      state.betweenQueries?.();
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5433');
      return { replayed: state.replayed, inRecovery: state.inRecovery, replayAgeMs: 10 };
    },
  };
  const routing = new ReadRouting({ maxLagMs: 2_000, now: () => state.now });
  return { state, probe, routing };
}

describe('parseLsn', () => {
  it("'16/B374D848' -> 0x16B374D848; positions compare across the slash", () => {
    expect(parseLsn('16/B374D848')).toBe(0x16b374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });

  it("'' or 'zz/1' -> refused", () => {
    expect(() => parseLsn('')).toThrow(/not a WAL position/);
    expect(() => parseLsn('zz/1')).toThrow(/not a WAL position/);
  });
});

describe('read routing of the public catalogue', () => {
  it('no probe yet -> the primary', () => {
    const { routing } = fakeCluster();
    expect(routing.useReplica()).toBe(false);
    expect(routing.status()).toMatchObject({ lagMs: null, serving: false });
  });

  it('replica caught up at the probe -> the replica, until the bound passes with no newer proof', async () => {
    const { state, probe, routing } = fakeCluster();
    await routing.probe(probe);
    expect(routing.useReplica()).toBe(true);
    state.now = 2_000;
    expect(routing.useReplica()).toBe(true);
    state.now = 2_001;
    expect(routing.useReplica()).toBe(false);
    expect(routing.status()).toMatchObject({
      lagMs: 2_001,
      serving: false,
      reads: { replica: 2, primary: 1 },
    });
  });

  it('replay paused while the primary writes -> the replica until the bound, then the primary; replay resumed -> the replica again', async () => {
    const { state, probe, routing } = fakeCluster();
    await routing.probe(probe);
    for (let t = 500; t <= 3_000; t += 500) {
      state.now = t;
      state.primary += 10n;
      await routing.probe(probe);
      // Proven fresh as of 0 only: within the bound up to 2 s, past it after.
      expect(routing.useReplica()).toBe(t <= 2_000);
    }
    state.replayed = state.primary;
    state.now = 3_500;
    await routing.probe(probe);
    expect(routing.useReplica()).toBe(true);
    expect(routing.status().lagMs).toBe(0);
  });

  it('a replica always a little behind (streaming under steady writes) -> the previous sample is replayed: the replica, lag about one probe interval', async () => {
    const { state, probe, routing } = fakeCluster();
    for (let t = 0; t <= 10_000; t += 500) {
      state.now = t;
      state.replayed = state.primary; // what the last probe sampled has arrived...
      state.primary += 7n; // ...and the primary has moved on.
      await routing.probe(probe);
      if (t > 0) expect(routing.useReplica()).toBe(true);
    }
    expect(routing.status().lagMs).toBe(500);
  });

  it('a replica that replays a sample only after the bound has passed -> the primary: it is proven to hold the primary as of that moment only', async () => {
    const { state, probe, routing } = fakeCluster();
    state.primary = 200n;
    await routing.probe(probe); // sample 200 at 0 s, the replica at 100
    state.now = 2_500;
    state.replayed = 200n; // it replays that sample 2.5 s later, while the primary moved on
    state.primary = 300n;
    await routing.probe(probe);
    expect(routing.useReplica()).toBe(false);
    expect(routing.status().lagMs).toBe(2_500);
  });

  it("a restaurant this instance wrote -> its reads go to the primary until a probe started after the write is replayed; other restaurants' stay on the replica", async () => {
    const { state, probe, routing } = fakeCluster();
    await routing.probe(probe);
    state.now = 100;
    state.primary = 150n; // the staff change commits...
    routing.wrote('restaurant:1001'); // ...and is remembered after its commit
    expect(routing.useReplica('restaurant:1001')).toBe(false);
    expect(routing.useReplica('restaurant:1002')).toBe(true);
    state.now = 200;
    await routing.probe(probe); // replica still at 100: the pin stays
    expect(routing.useReplica('restaurant:1001')).toBe(false);
    state.now = 300;
    state.replayed = 150n;
    await routing.probe(probe);
    expect(routing.useReplica('restaurant:1001')).toBe(true);
  });

  it('a probe whose primary sample was taken before the write -> does not release the pin, even if it answers after the write', async () => {
    const { state, probe, routing } = fakeCluster();
    state.now = 100;
    state.betweenQueries = () => {
      // The probe sampled the primary at 100 (position 100); the write lands before the replica answers.
      state.now = 150;
      state.primary = 160n;
      routing.wrote('restaurant:1001');
      state.betweenQueries = undefined;
    };
    await routing.probe(probe);
    expect(routing.useReplica('restaurant:1002')).toBe(true);
    expect(routing.useReplica('restaurant:1001')).toBe(false);
  });

  it('replica unreachable -> the primary at once, with the error; back -> the replica', async () => {
    const { state, probe, routing } = fakeCluster();
    await routing.probe(probe);
    state.down = true;
    state.now = 100;
    await routing.probe(probe);
    expect(routing.useReplica()).toBe(false);
    expect(routing.status().error).toMatch(/ECONNREFUSED/);
    state.down = false;
    state.now = 200;
    await routing.probe(probe);
    expect(routing.useReplica()).toBe(true);
    expect(routing.status().error).toBeNull();
  });

  it('replica promoted (no longer in recovery) -> the primary', async () => {
    const { state, probe, routing } = fakeCluster();
    await routing.probe(probe);
    state.inRecovery = false;
    await routing.probe(probe);
    expect(routing.useReplica()).toBe(false);
    expect(routing.status().error).toMatch(/not in recovery/);
  });

  it('probe interval: a quarter of the bound, 50 ms to 1 s', () => {
    expect(probeIntervalMs(2_000)).toBe(500);
    expect(probeIntervalMs(100)).toBe(50);
    expect(probeIntervalMs(60_000)).toBe(1_000);
  });
});

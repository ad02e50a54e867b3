/**
 * Which server a read of the public catalogue goes to when a read replica is configured
 * (`DATABASE_READ_URL`): the replica while it is known to be fresh enough, else the primary. The rule,
 * and why it is correct, is in docs/performance-and-scaling.md (Read replica).
 *
 * Every probe takes a sample of the primary's WAL write position (`pg_current_wal_lsn()`) with the
 * moment it was taken, and asks the replica how far it has replayed (`pg_last_wal_replay_lsn()`). A
 * sample the replica has replayed proves it holds every commit that had returned to its client before
 * that moment: `freshAsOf` is the newest such moment. A read goes to the replica only while
 * `now - freshAsOf <= maxLagMs`, and, for a topic this instance wrote (a staff menu change: `wrote`),
 * only once a sample taken after that write has been replayed (the writer reads its own write).
 */

/** A WAL position (`pg_lsn`, printed `16/B374D848`) as a number that compares. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export interface ReplicaProbe {
  /** The primary's WAL write position now. */
  primaryPosition(): Promise<bigint>;
  /**
   * How far the replica has replayed, whether it is still a replica (a promoted one is not: it no
   * longer follows this primary), and the age of the last transaction it replayed (informative: an
   * idle primary makes it grow although nothing is missing).
   */
  replica(): Promise<{ replayed: bigint; inRecovery: boolean; replayAgeMs: number | null }>;
}

export interface ReadRoutingOptions {
  /** The most a catalogue read from the replica may lag behind the primary, in milliseconds. */
  maxLagMs: number;
  /** Monotonic milliseconds (`performance.now()`); tests pass their own. */
  now?: () => number;
}

export interface ReplicaStatus {
  /** Milliseconds since the newest moment the replica is proven to hold; null: never proven. */
  lagMs: number | null;
  /** Whether a catalogue read without a pinned topic goes to the replica now. */
  serving: boolean;
  /** Age of the replica's last replayed transaction at the last probe (`pg_last_xact_replay_timestamp()`). */
  replayAgeMs: number | null;
  /** Reads sent to each server since start. */
  reads: { replica: number; primary: number };
  /** The last probe's failure, if it failed. */
  error: string | null;
}

interface Sample {
  position: bigint;
  at: number;
}

export class ReadRouting {
  private readonly now: () => number;
  private readonly maxLagMs: number;
  /** Primary positions not yet known replayed, oldest first. */
  private samples: Sample[] = [];
  private freshAsOf = Number.NEGATIVE_INFINITY;
  /** Topics written by this instance, and when (after their commit). */
  private readonly pins = new Map<string, number>();
  private replayAgeMs: number | null = null;
  private error: string | null = null;
  private readonly reads = { replica: 0, primary: 0 };

  constructor(options: ReadRoutingOptions) {
    this.maxLagMs = options.maxLagMs;
    this.now = options.now ?? (() => performance.now());
  }

  /** One probe: a primary sample, then the replica's replay position checked against every sample. */
  async probe(probe: ReplicaProbe): Promise<void> {
    // The moment is taken before the position is asked: every commit that had returned before it is
    // at or below the position the primary reports.
    const at = this.now();
    try {
      this.samples.push({ position: await probe.primaryPosition(), at });
      const replica = await probe.replica();
      if (!replica.inRecovery) throw new Error('the replica is not in recovery (promoted?): not read from');
      this.replayAgeMs = replica.replayAgeMs;
      this.error = null;
      let newest = -1;
      for (let i = this.samples.length - 1; i >= 0; i--) {
        if (this.samples[i]!.position <= replica.replayed) {
          newest = i;
          break;
        }
      }
      if (newest >= 0) {
        this.freshAsOf = Math.max(this.freshAsOf, this.samples[newest]!.at);
        this.samples = this.samples.slice(newest + 1);
      }
      // A sample older than the bound can no longer make the replica fresh enough: forget it (a
      // replica that stays behind keeps only the last bound's worth of samples).
      const oldest = this.now() - this.maxLagMs;
      this.samples = this.samples.filter((sample) => sample.at >= oldest);
      for (const [topic, since] of this.pins) if (this.freshAsOf > since) this.pins.delete(topic);
    } catch (error) {
      // An unreachable or promoted replica is read from no more, at once (not after the bound).
      this.freshAsOf = Number.NEGATIVE_INFINITY;
      this.error = error instanceof Error ? error.message : String(error);
    }
  }

  /** This instance committed a change to `topic`: its reads go to the primary until the replica has it. */
  wrote(topic: string): void {
    this.pins.set(topic, this.now());
  }

  /** Whether a catalogue read (of `topic`, when given) goes to the replica now; counted. */
  useReplica(topic?: string): boolean {
    const fresh = this.now() - this.freshAsOf <= this.maxLagMs;
    const pinned = topic !== undefined && this.pins.has(topic);
    const replica = fresh && !pinned;
    this.reads[replica ? 'replica' : 'primary'] += 1;
    return replica;
  }

  status(): ReplicaStatus {
    const lag = this.now() - this.freshAsOf;
    return {
      lagMs: Number.isFinite(lag) ? Math.round(lag) : null,
      serving: lag <= this.maxLagMs,
      replayAgeMs: this.replayAgeMs === null ? null : Math.round(this.replayAgeMs),
      reads: { ...this.reads },
      error: this.error,
    };
  }
}

/** How often the replica is probed: a quarter of the bound, between 50 ms and 1 s. */
export function probeIntervalMs(maxLagMs: number): number {
  return Math.min(1_000, Math.max(50, Math.floor(maxLagMs / 4)));
}

import { NoInternet, RequestTimeout } from '@santap/api-client';
import type { StaffPrinter, TabletJob } from '../types';
import type { RememberedDevice } from '../remembered-devices';
import type { TabletDevice } from './tablet-device';

/** How often (ms) an idle tablet asks for a job; a `print.job` event wakes it at once. */
export const TABLET_IDLE_POLL_MS = 5_000;
/** How often (ms) a tablet whose printer went away tries to open it again (no tap needed). */
export const TABLET_RECONNECT_MS = 5_000;
/** The wait (ms) after a call that failed for want of a network before the next try. */
export const TABLET_RETRY_MS = 5_000;

/** The server's side of the loop: `staff.tabletNextJob` and `staff.tabletJobDone` of one printer. */
export interface TabletQueue {
  next(state: StaffPrinter['state']): Promise<TabletJob | null>;
  done(jobId: number, result: 'printed' | 'failed'): Promise<unknown>;
}

export type TabletPhase = 'ready' | 'printing' | 'lost' | 'stopped';

export interface TabletLoopStatus {
  phase: TabletPhase;
  /** Jobs printed since the loop started. */
  printed: number;
  /** The last failure (a call refused, a job that did not print); null: none. */
  problem: unknown;
}

export interface TabletLoopOptions {
  device: TabletDevice;
  /** The device as opened, for opening it again after it went away. */
  opened: RememberedDevice;
  queue: TabletQueue;
  onStatus: (status: TabletLoopStatus) => void;
  /** Timings (tests make them short). */
  idleMs?: number;
  reconnectMs?: number;
  retryMs?: number;
}

/** How long (ms) after a print the device's 'disconnected' event may still come for it. */
const LOSS_GRACE_MS = 100;

/** The printer commands of a job: its base64 decoded. */
export function jobBytes(job: Pick<TabletJob, 'data_base64'>): Uint8Array {
  const binary = atob(job.data_base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A failure of the network (worth trying again), not an answer of the server (not worth it). */
const transient = (error: unknown) => error instanceof NoInternet || error instanceof RequestTimeout;

/**
 * The tablet printer's loop (README 'Printing'): ask the server for the oldest waiting job with the
 * printer's state, send its bytes to the device, confirm it printed (or failed: the device went away
 * while printing, the driver threw), and again; when idle, wait {@link TABLET_IDLE_POLL_MS} or a
 * `wake()`. A confirmation that fails for want of a network is tried again until it is through (the
 * server takes a second one as a no-op), so a printed job is never handed out again. When the device
 * goes away the server is told `offline` once and the device is opened again every
 * {@link TABLET_RECONNECT_MS} until it is back. The server refusing a call (the printer deleted, the
 * token revoked) stops the loop.
 */
export class TabletPrintLoop {
  private status: TabletLoopStatus = { phase: 'ready', printed: 0, problem: null };
  private connected = true;
  private losses = 0;
  private stopped = false;
  private wakeUp: (() => void) | null = null;
  /** A wake that came while no wait was running: the next wait is skipped. */
  private wokenEarly = false;
  private readonly idleMs: number;
  private readonly reconnectMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: TabletLoopOptions) {
    this.idleMs = options.idleMs ?? TABLET_IDLE_POLL_MS;
    this.reconnectMs = options.reconnectMs ?? TABLET_RECONNECT_MS;
    this.retryMs = options.retryMs ?? TABLET_RETRY_MS;
    options.device.onDisconnected(() => {
      this.connected = false;
      this.losses += 1;
      this.wake();
    });
  }

  /** Runs until `stop()` or the server refuses; resolves then. */
  async run(): Promise<void> {
    while (!this.stopped) {
      if (!this.connected) await this.whileLost();
      else await this.step();
    }
    this.set({ phase: 'stopped' });
  }

  /** A job may be waiting (a live `print.job` event): ask now instead of after the idle wait. */
  wake() {
    if (this.wakeUp) this.wakeUp();
    else this.wokenEarly = true;
  }

  stop() {
    this.stopped = true;
    this.wake();
  }

  private async step() {
    let job: TabletJob | null;
    try {
      job = await this.options.queue.next('online');
    } catch (error) {
      this.refused(error);
      if (!this.stopped) await this.sleep(this.retryMs);
      return;
    }
    if (!job) {
      await this.sleep(this.idleMs);
      return;
    }
    this.set({ phase: 'printing' });
    const lossesBefore = this.losses;
    let printed = false;
    try {
      await this.options.device.print(jobBytes(job));
      // The drivers tell of a device lost mid-transfer by an event queued after the failed transfer.
      await new Promise((resolve) => setTimeout(resolve, LOSS_GRACE_MS));
      printed = this.connected && this.losses === lossesBefore;
    } catch (error) {
      this.set({ problem: error });
    }
    await this.confirm(job.job_id, printed ? 'printed' : 'failed');
    this.set({
      phase: this.connected ? 'ready' : 'lost',
      printed: this.status.printed + (printed ? 1 : 0),
    });
  }

  private async confirm(jobId: number, result: 'printed' | 'failed') {
    while (!this.stopped) {
      try {
        await this.options.queue.done(jobId, result);
        return;
      } catch (error) {
        if (!transient(error)) {
          this.set({ problem: error });
          return;
        }
        await this.sleep(this.retryMs);
      }
    }
  }

  private async whileLost() {
    this.set({ phase: 'lost' });
    try {
      await this.options.queue.next('offline');
    } catch (error) {
      this.refused(error);
    }
    while (!this.stopped && !this.connected) {
      await this.sleep(this.reconnectMs);
      if (this.stopped) return;
      try {
        if (await this.options.device.reconnect(this.options.opened)) this.connected = true;
      } catch {
        // Not there yet: tried again after the wait.
      }
    }
    if (this.connected) this.set({ phase: 'ready' });
  }

  /** A call failed: for want of a network, noted and tried again; refused by the server, the loop stops. */
  private refused(error: unknown) {
    this.set({ problem: error });
    if (!transient(error)) this.stopped = true;
  }

  private sleep(ms: number) {
    if (this.wokenEarly || this.stopped) {
      this.wokenEarly = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    });
  }

  private set(patch: Partial<TabletLoopStatus>) {
    this.status = { ...this.status, ...patch };
    this.options.onStatus(this.status);
  }
}

/**
 * The run's shared state (where to reach the system, its seeded randomness, what everyone saw) and
 * the retries every simulated person makes, as a diner pressing "try again" does.
 */
import type { Pool } from 'pg';
import type { Client, Placed } from './browser';
import type { AddMoreRecord, Capture, DinerRecord, KioskRecord } from './invariants';
import type { TabGroupRecord } from './tab-invariants';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run's shared state: where to reach the system, its seeded randomness, and what everyone saw. */
export interface Run {
  baseUrl: string;
  wsUrl: string;
  /** The instances' own ports (the simulator's hosted page lives on the one that made the payment). */
  instancePorts: () => number[];
  random: () => number;
  /** The instances' clock (shifted to a time the demo restaurants are open). */
  now: () => Date;
  /** The harness's own database connections (left alone by the faults). */
  lookups: Pool;
  diners: DinerRecord[];
  addMores: AddMoreRecord[];
  kioskRecords: KioskRecord[];
  /** The groups at a table's tab, and for each a phone on it (to read the tab at the end). */
  tabGroups: { record: TabGroupRecord; reader: Client }[];
  /** The words an add-more was refused with (the order had moved on, …), and how often. */
  addMoreRefusals: Record<string, number>;
  /** The words the phone refused for the last share was told, and how often. */
  lastShareRefusals: Record<string, number>;
  placed: Placed[];
  /** The payer's ledger: every capture the payer saw succeed on the hosted page. */
  captures: Capture[];
  /** References the payer submitted on the hosted page without getting any answer (maybe captured). */
  unansweredPayments: string[];
  failures: string[];
  notifications: Promise<void>[];
  counters: {
    journeys: number;
    gaveUp: number;
    paidOnline: number;
    /** Table diners who set out to pay one order in two tabs. */
    twoTabs: number;
    /** Of those, the ones whose two payments were both captured (the later one a duplicate). */
    paidTwice: number;
    payLater: number;
    paymentLost: number;
    addMore: number;
    addMoreRefused: number;
    cancelledByDiner: number;
    foodCourt: number;
    kioskOrders: number;
    kioskReplays: number;
    staffRefunds: number;
    /** Groups of four at a tab, the shares they paid online, were refused or lost (cancelled after). */
    tabGroups: number;
    tabShares: number;
    tabSharesRefused: number;
    tabSharesLost: number;
    /** Shares let go with their gateway page left open, and of those the ones captured afterwards. */
    sharesLetGo: number;
    lateCaptures: number;
    /** Last shares asked by two phones at once: races, and those where one phone was refused. */
    lastShareRaces: number;
    lastShareRefused: number;
    /** What staff took at the counter when money was still left, and the tables they cleared. */
    counterTakes: number;
    tabsClosed: number;
  };
  gateway: { sent: number; retried: number; undelivered: number };
}

const TRANSIENT = new Set(['NoInternet', 'RequestTimeout', 'ContractMismatch']);
/** A failure the diner's app would retry: no answer, a time-out, a 5xx or a proxy's 502. */
function transient(error: unknown): boolean {
  if (!(error instanceof Error)) return true;
  if (TRANSIENT.has(error.name)) return true;
  const status = (error as { statusCode?: number }).statusCode;
  return status === undefined || status >= 500 || status === 409;
}

/** A refusal with words (4xx other than 409): the call reached the product and was answered no. */
export class Refused extends Error {
  /** Earlier tries of the same call got no answer (they may have been carried out). */
  constructor(
    message: string,
    readonly afterUnanswered: boolean,
  ) {
    super(message);
  }
}

/** Retries `call` on transient failures for up to `budgetMs`, as a diner pressing "try again" does. */
export async function retrying<T>(what: string, call: () => Promise<T>, budgetMs = 60_000): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!transient(error)) throw new Refused(`${what}: ${(error as Error).message}`, attempt > 0);
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await sleep(Math.min(2000, 100 * 2 ** attempt));
    }
  }
}

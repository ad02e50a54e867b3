/**
 * The print queue of one printer (apps/api docs/printing.md, "The queue"): which job it gets next, the
 * job handed out, and what its confirmation does. A job stays until the printer confirms it; one handed
 * out and not confirmed within {@link RESEND_AFTER_SECONDS} is handed out again, the same job with the
 * same id: a retry never makes a second job. Every change is a `print.job` live event.
 */
import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { printJobs } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { PrintJobRow, PrinterRow } from '../../model/printers';

/** A job handed out and not confirmed for this long is handed out again (the same job). */
export const RESEND_AFTER_SECONDS = 30;

/** After this many hand-outs without a print, a job fails (shown to staff, who may reprint it). */
export const MAX_ATTEMPTS = 10;

/** Why a job failed: catalogue keys of the `printing.failure.` group, in the caller's language when listed. */
export const FAILURE = {
  printerDeleted: 'printing.failure.printerDeleted',
  mediaRefused: 'printing.failure.mediaRefused',
  tooLarge: 'printing.failure.tooLarge',
  tooManyAttempts: 'printing.failure.tooManyAttempts',
  reportedFailed: 'printing.failure.reportedFailed',
} as const;
export type FailureKey = (typeof FAILURE)[keyof typeof FAILURE];

/**
 * What a job keeps once printed or failed: not its rendered docket. It repeats the diner's allergies,
 * notes and name, and with drawn lines runs to hundreds of kB; nothing reads it again (a reprint
 * renders the order anew), so it is not kept for ever, once per printer.
 */
const DONE = { payload: '' } as const;

/**
 * What the printer said about a job it was handed. A `retry` with `printerProblem` is the printer
 * saying it cannot print at all now (out of paper, cover open: the board's alarm is on): the job
 * waits for staff to fix it and that hand-out does not count towards {@link MAX_ATTEMPTS}.
 */
export type JobOutcome =
  | { outcome: 'printed' }
  | { outcome: 'retry'; printerProblem?: boolean }
  | { outcome: 'failed'; failure: FailureKey };

/** Jobs a printer may be handed now: waiting ones, and ones handed out too long ago unconfirmed. */
function handable(printerId: number, now: Date) {
  const resendBefore = new Date(now.getTime() - RESEND_AFTER_SECONDS * 1000);
  return and(
    eq(printJobs.printerId, printerId),
    or(eq(printJobs.status, 'queued'), and(eq(printJobs.status, 'sent'), lt(printJobs.sentAt, resendBefore))),
  );
}

/** The next `limit` jobs for the printer, oldest first (locked: the caller hands them out). */
export async function nextJobs(
  tx: DbOrTx,
  printer: PrinterRow,
  now: Date,
  limit = 1,
): Promise<PrintJobRow[]> {
  return tx
    .select()
    .from(printJobs)
    .where(handable(printer.id, now))
    .orderBy(asc(printJobs.id))
    .limit(limit)
    .for('update');
}

/** One of the printer's jobs that is not finished (queued or handed out), by id, locked; else null. */
export async function openJob(tx: DbOrTx, printer: PrinterRow, jobId: number): Promise<PrintJobRow | null> {
  const [job] = await tx
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.id, jobId),
        eq(printJobs.printerId, printer.id),
        inArray(printJobs.status, ['queued', 'sent']),
      ),
    )
    .limit(1)
    .for('update');
  return job ?? null;
}

/** The printer's most recent job handed out and not confirmed, locked; else null. */
export async function lastSentJob(tx: DbOrTx, printer: PrinterRow): Promise<PrintJobRow | null> {
  const [job] = await tx
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.printerId, printer.id), eq(printJobs.status, 'sent')))
    .orderBy(sql`${printJobs.sentAt} desc`, sql`${printJobs.id} desc`)
    .limit(1)
    .for('update');
  return job ?? null;
}

/** The `print.job` live event of a job's new status. */
export function publishJob(
  ctx: AppContext,
  tx: DbOrTx,
  job: Pick<PrintJobRow, 'id' | 'printerId' | 'restaurantId' | 'orderId' | 'kind' | 'status'>,
) {
  return ctx.events.publish(tx, {
    topics: [`restaurant:${job.restaurantId}`],
    type: 'print.job',
    data: {
      job_id: job.id,
      printer_id: job.printerId,
      order_id: job.orderId,
      kind: job.kind,
      status: job.status,
    },
  });
}

/** Hands jobs out: `sent` now, one more attempt each. */
export async function markSent(ctx: AppContext, tx: DbOrTx, jobs: PrintJobRow[]): Promise<void> {
  if (jobs.length === 0) return;
  const now = ctx.now();
  await tx
    .update(printJobs)
    .set({ status: 'sent', sentAt: now, attempts: sql`${printJobs.attempts} + 1` })
    .where(
      inArray(
        printJobs.id,
        jobs.map((job) => job.id),
      ),
    );
  for (const job of jobs) {
    const first = job.status === 'queued';
    Object.assign(job, { status: 'sent', sentAt: now, attempts: job.attempts + 1 });
    if (first) await publishJob(ctx, tx, job);
  }
}

/**
 * Applies a printer's word on a job it was handed: printed; back to the queue (a download time-out:
 * it is handed out again, until {@link MAX_ATTEMPTS}; a paper or cover problem: for as long as it
 * lasts, the hand-out not counted); or failed. A job already printed or failed is left as it is (a
 * repeated confirmation changes nothing).
 */
export async function settleJob(
  ctx: AppContext,
  tx: DbOrTx,
  job: PrintJobRow,
  said: JobOutcome,
): Promise<PrintJobRow> {
  if (job.status === 'printed' || job.status === 'failed') return job;
  const now = ctx.now();
  // A finished job keeps no rendered docket (DONE): a reprint renders it again from the order.
  const set =
    said.outcome === 'printed'
      ? { status: 'printed', printedAt: now, failure: null, ...DONE }
      : said.outcome === 'failed'
        ? { status: 'failed', failure: said.failure, ...DONE }
        : said.printerProblem
          ? { status: 'queued', attempts: Math.max(0, job.attempts - 1) }
          : job.attempts >= MAX_ATTEMPTS
            ? { status: 'failed', failure: FAILURE.tooManyAttempts, ...DONE }
            : { status: 'queued' };
  await tx.update(printJobs).set(set).where(eq(printJobs.id, job.id));
  Object.assign(job, set);
  await publishJob(ctx, tx, job);
  return job;
}

/** Fails every unfinished job of a printer (deleted: nothing will fetch them); returns how many. */
export async function failOpenJobs(ctx: AppContext, tx: DbOrTx, printer: PrinterRow, failure: FailureKey) {
  const failed = await tx
    .update(printJobs)
    .set({ status: 'failed', failure, ...DONE })
    .where(and(eq(printJobs.printerId, printer.id), inArray(printJobs.status, ['queued', 'sent'])))
    .returning();
  for (const job of failed) await publishJob(ctx, tx, job);
  return failed.length;
}

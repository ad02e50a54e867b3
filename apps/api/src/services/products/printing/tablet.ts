/**
 * The tablet path (apps/api docs/printing.md): a USB, Bluetooth or serial printer attached to a staff
 * tablet takes its jobs from the same queue as a cloud printer. The tablet's poll reports the printer's
 * state and takes the oldest job; it confirms each job printed or failed.
 */
import { and, eq } from 'drizzle-orm';
import { MESSAGE } from '@santap/domain';
import type { StaffPrinter } from '@santap/contract';
import type { DbOrTx } from '../../../db/client';
import { printJobs } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { isCloudPrinter, loadRestaurantPrinter } from '../../model/printers';
import { PRINTING_ROLES } from './jobs';
import { FAILURE, markSent, nextJobs, openJob, settleJob } from './queue';
import { spoolPrinter } from './spooler';
import { recordPoll } from './states';

/** The tablet's printer: the restaurant's, not a cloud printer (404), by a role that prints (403). */
async function tabletPrinter(
  ctx: AppContext,
  caller: Caller,
  printerId: number,
  lock: boolean,
  tx: DbOrTx = ctx.db,
) {
  const member = staffOf(caller);
  const printer = await loadRestaurantPrinter(tx, member.restaurantId, printerId, lock);
  if (isCloudPrinter(printer)) fail(MESSAGE.notFound);
  if (!PRINTING_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
  return printer;
}

/** The tablet reports its printer's state and takes the oldest waiting job (null: none). */
export async function tabletNextJob(
  ctx: AppContext,
  caller: Caller,
  printerId: number,
  state: StaffPrinter['state'],
) {
  await tabletPrinter(ctx, caller, printerId, false);
  await spoolPrinter(ctx, printerId, 'wait');
  return ctx.db.transaction(async (tx) => {
    const printer = await tabletPrinter(ctx, caller, printerId, true, tx);
    await recordPoll(ctx, tx, printer, state);
    // A printer that cannot print now keeps its jobs waiting.
    if (state !== 'online' && state !== 'paper_low') return { job: null };
    const [job] = await nextJobs(tx, printer, ctx.now());
    if (!job) return { job: null };
    await markSent(ctx, tx, [job]);
    return {
      job: {
        job_id: job.id,
        kind: job.kind as StaffPrinter['prints'][number],
        command_set: job.commandSet === 'star-prnt' ? ('star-prnt' as const) : ('esc-pos' as const),
        data_base64: job.payload,
      },
    };
  });
}

/** The tablet confirms a job printed or failed; a job already finished is left as it is. */
export async function tabletJobDone(
  ctx: AppContext,
  caller: Caller,
  printerId: number,
  jobId: number,
  result: 'printed' | 'failed',
) {
  return ctx.db.transaction(async (tx) => {
    const printer = await tabletPrinter(ctx, caller, printerId, true, tx);
    const open = await openJob(tx, printer, jobId);
    if (open) {
      const settled = await settleJob(
        ctx,
        tx,
        open,
        result === 'printed'
          ? { outcome: 'printed' }
          : { outcome: 'failed', failure: FAILURE.reportedFailed },
      );
      return { job_id: settled.id, status: settled.status as 'printed' | 'failed' };
    }
    const done = await finishedJob(tx, printer.id, jobId);
    return done ?? fail(MESSAGE.notFound);
  });
}

/** One of the printer's jobs that is finished already (a second confirmation): its status. */
async function finishedJob(tx: DbOrTx, printerId: number, jobId: number) {
  const [job] = await tx
    .select({ id: printJobs.id, status: printJobs.status })
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.printerId, printerId)))
    .limit(1);
  return job ? { job_id: job.id, status: job.status as 'queued' | 'sent' | 'printed' | 'failed' } : null;
}

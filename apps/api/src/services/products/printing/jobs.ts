/**
 * Print jobs as staff see them (apps/api docs/printing.md): the restaurant's recent jobs with why a
 * failed one failed (a deleted printer's included), and a reprint of an order's docket or receipt,
 * marked as a reprint, on one printer or every printer that prints that kind.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { StaffPrintJob } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { orders, printJobs, printers } from '../../../db/schema';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { printsOf } from '../../model/printers';
import type { PrintJobRow, PrintKind, PrinterRow } from '../../model/printers';
import { readOrderForPrint } from './docket-input';
import { enqueue } from './spooler';

/** Jobs one list shows at most, newest first. */
const JOB_LIST_LIMIT = 100;

/** The roles that may reprint (and run a tablet printer): everyone at the pass and the tables. */
export const PRINTING_ROLES: readonly string[] = ['manager', 'kitchen', 'server'];

const epoch = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null);

function jobView(
  caller: Caller,
  job: PrintJobRow,
  printer: Pick<PrinterRow, 'name' | 'deletedAt'>,
): StaffPrintJob {
  return {
    job_id: job.id,
    printer_id: printer.deletedAt ? null : job.printerId,
    printer_name: printer.name,
    kind: job.kind as StaffPrintJob['kind'],
    order_id: job.orderId,
    heading: job.heading,
    status: job.status as StaffPrintJob['status'],
    reprint: job.reprint,
    failure: job.status === 'failed' && job.failure ? caller.t(job.failure) : null,
    created_epoch: Math.floor(job.createdAt.getTime() / 1000),
    printed_epoch: epoch(job.printedAt),
  };
}

async function viewsOf(ctx: AppContext, caller: Caller, jobs: PrintJobRow[]) {
  const ids = [...new Set(jobs.map((job) => job.printerId))];
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: printers.id, name: printers.name, deletedAt: printers.deletedAt })
          .from(printers)
          .where(inArray(printers.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return jobs.map((job) =>
    jobView(caller, job, byId.get(job.printerId) ?? { name: '', deletedAt: job.createdAt }),
  );
}

/** The restaurant's recent jobs, newest first (every role), optionally one order's or one status's. */
export async function listPrintJobs(
  ctx: AppContext,
  caller: Caller,
  filter: { orderId?: number | undefined; status?: StaffPrintJob['status'] | undefined },
) {
  const member = staffOf(caller);
  const jobs = await ctx.db
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.restaurantId, member.restaurantId),
        filter.orderId === undefined ? undefined : eq(printJobs.orderId, filter.orderId),
        filter.status === undefined ? undefined : eq(printJobs.status, filter.status),
      ),
    )
    .orderBy(desc(printJobs.id))
    .limit(JOB_LIST_LIMIT);
  return { jobs: await viewsOf(ctx, caller, jobs) };
}

/**
 * Prints an order's docket (all its lines that are not declined) or its receipt again, marked as a
 * reprint: on `printerId`, or on every printer of the restaurant that prints that kind. Checks in this
 * order: the order is the restaurant's (404), the role (403), the printer is the restaurant's (404).
 * With an Idempotency-Key the same key makes the same jobs once.
 */
export async function reprintOrder(
  ctx: AppContext,
  caller: Caller,
  orderId: number,
  input: { kind?: 'order_new' | 'receipt' | undefined; printer_id?: number | undefined },
) {
  const member = staffOf(caller);
  const kind: PrintKind = input.kind ?? 'order_new';
  const [own] = await ctx.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.restaurantId, member.restaurantId)))
    .limit(1);
  if (!own) return fail(MESSAGE.notFound);
  if (!PRINTING_ROLES.includes(member.role)) fail(MESSAGE.forbidden);
  const source = `reprint:${caller.idempotencyKey ?? randomUUID()}:order:${orderId}:${kind}`;
  const jobs = await ctx.db.transaction(async (tx) => {
    const targets = await tx
      .select()
      .from(printers)
      .where(
        and(
          eq(printers.restaurantId, member.restaurantId),
          isNull(printers.deletedAt),
          input.printer_id === undefined ? undefined : eq(printers.id, input.printer_id),
        ),
      )
      .orderBy(printers.id);
    if (input.printer_id !== undefined && targets.length === 0) fail(MESSAGE.notFound);
    const chosen =
      input.printer_id === undefined ? targets.filter((p) => printsOf(p).includes(kind)) : targets;
    const order = await readOrderForPrint(tx, orderId, ctx.config.publicUrl);
    if (!order) return fail(MESSAGE.notFound);
    const itemIds = order.lines.filter((line) => line.line.status === 'active').map((line) => line.id);
    for (const printer of chosen) {
      await enqueue(
        ctx,
        tx,
        printer,
        order,
        kind === 'receipt'
          ? { kind, itemIds: [], reprint: true }
          : { kind, docket: 'new', itemIds, reprint: true },
        source,
      );
    }
    // The jobs of this reprint (the same ones again for a repeated Idempotency-Key).
    return tx
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.restaurantId, member.restaurantId), eq(printJobs.sourceKey, source)))
      .orderBy(printJobs.id);
  });
  return { jobs: await viewsOf(ctx, caller, jobs) };
}

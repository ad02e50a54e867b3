/**
 * What the cloud printers' polls do (apps/api docs/printing.md, "Cloud printers"), protocol by
 * protocol, for an authenticated printer: the request is read first (a malformed one is refused with
 * nothing touched), then the queue is spooled (catch-up), the printer's state recorded and jobs
 * handed out or settled. Replies are plain values the route writes out.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { printers } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { PrintJobRow, PrinterRow } from '../../model/printers';
import {
  STARPRNT_MEDIA_TYPE,
  parseConfirmation,
  parseJobRequest,
  parsePoll,
  pollReply,
  stateOfCode,
} from '../../adapters/printers/cloudprnt/protocol';
import {
  jobIdOf,
  outcomeOfCode,
  parsePost,
  parseResponseFile,
  printRequestXml,
  stateOfStatus,
} from '../../adapters/printers/epson-sdp/protocol';
import { FAILURE, RESEND_AFTER_SECONDS, lastSentJob, markSent, nextJobs, openJob, settleJob } from './queue';
import type { JobOutcome } from './queue';
import { spoolPrinter } from './spooler';
import { recordPoll, stateNow } from './states';
import type { PrinterState } from './states';

/** A reply for the route to send: a status, a content type and a body. */
export interface PrinterReply {
  status: number;
  contentType?: string;
  body: string | Buffer | Record<string, unknown>;
}

/** The reply to a request that is not what the protocol sends: 400, nothing touched. */
export const MALFORMED: PrinterReply = { status: 400, body: { error: 'malformed request' } };
const GONE: PrinterReply = { status: 401, body: { error: 'unauthorized' } };

/** Most jobs handed to an Epson printer in one print request (each is its own `<ePOSPrint>`). */
const EPSON_JOBS_PER_REQUEST = 5;

/**
 * Most bytes of print data in one Epson print request: half the 2 MB a printer takes (a larger
 * request is refused whole: Server Direct Print User's Manual, "ResponseFile"), so a backlog of long
 * dockets goes out a few at a time instead of failing together. A job larger alone still goes alone.
 */
export const EPSON_REQUEST_BYTES = 1024 * 1024;

/** The oldest of `jobs` that fit one print request together (the first always does). */
function fitRequest(jobs: readonly PrintJobRow[]): PrintJobRow[] {
  const fitting: PrintJobRow[] = [];
  let bytes = 0;
  for (const job of jobs) {
    const size = Buffer.byteLength(job.payload);
    if (fitting.length > 0 && bytes + size > EPSON_REQUEST_BYTES) break;
    fitting.push(job);
    bytes += size;
  }
  return fitting;
}

/** The printer locked for this request, or null when it was deleted since it authenticated. */
async function lockPrinter(tx: DbOrTx, printerId: number): Promise<PrinterRow | null> {
  const [row] = await tx
    .select()
    .from(printers)
    .where(and(eq(printers.id, printerId), isNull(printers.deletedAt)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** A job id as a printer sends it back (a token, a print job id), or null. */
function tokenId(token: string): number | null {
  return /^\d{1,10}$/.test(token) && Number(token) > 0 ? Number(token) : null;
}

/** CloudPRNT poll (POST): the printer's state recorded, and whether a job waits (its token). */
export async function cloudPrntPoll(
  ctx: AppContext,
  printer: PrinterRow,
  body: unknown,
): Promise<PrinterReply> {
  const poll = parsePoll(body);
  if (!poll) return MALFORMED;
  await spoolPrinter(ctx, printer.id, 'wait');
  return ctx.db.transaction(async (tx) => {
    const row = await lockPrinter(tx, printer.id);
    if (!row) return GONE;
    await recordPoll(ctx, tx, row, stateOfCode(poll.code));
    if (poll.printingInProgress) return { status: 200, body: pollReply(null) };
    const [job] = await nextJobs(tx, row, ctx.now());
    return { status: 200, body: pollReply(job ? { token: String(job.id) } : null) };
  });
}

/**
 * CloudPRNT job request (GET): the job of the token (or the next one) in StarPRNT. Fetching the same
 * job again within {@link RESEND_AFTER_SECONDS} changes nothing (Star: a GET has no side effects).
 */
export async function cloudPrntJob(
  ctx: AppContext,
  printer: PrinterRow,
  query: Record<string, unknown>,
): Promise<PrinterReply> {
  const asked = parseJobRequest(query);
  if (!asked) return MALFORMED;
  const id = asked.token === null ? null : tokenId(asked.token);
  if (asked.token !== null && id === null) return MALFORMED;
  if (asked.type !== STARPRNT_MEDIA_TYPE) return { status: 415, body: { error: 'unsupported media type' } };
  return ctx.db.transaction(async (tx) => {
    const row = await lockPrinter(tx, printer.id);
    if (!row) return GONE;
    const job = id !== null ? await openJob(tx, row, id) : (await nextJobs(tx, row, ctx.now()))[0];
    if (!job || job.commandSet !== 'star-prnt') return { status: 404, body: { error: 'no job' } };
    const resendBefore = ctx.now().getTime() - RESEND_AFTER_SECONDS * 1000;
    if (job.status === 'queued' || (job.sentAt?.getTime() ?? 0) < resendBefore)
      await markSent(ctx, tx, [job]);
    return { status: 200, contentType: STARPRNT_MEDIA_TYPE, body: Buffer.from(job.payload, 'base64') };
  });
}

/** CloudPRNT confirmation (DELETE): the job of the token (or the last one handed out) settled by its code. */
export async function cloudPrntConfirm(
  ctx: AppContext,
  printer: PrinterRow,
  query: Record<string, unknown>,
): Promise<PrinterReply> {
  const read = parseConfirmation(query);
  if (!read) return MALFORMED;
  const id = read.token === null ? null : tokenId(read.token);
  if (read.token !== null && id === null) return MALFORMED;
  const { confirmation } = read;
  const said: JobOutcome =
    confirmation.outcome === 'failed'
      ? {
          outcome: 'failed',
          failure: confirmation.reason === 'too_large' ? FAILURE.tooLarge : FAILURE.mediaRefused,
        }
      : confirmation.outcome === 'retry'
        ? // A 4xx is the printer's own trouble (paper, cover): the job waits, not counted.
          { outcome: 'retry', printerProblem: Math.floor(confirmation.code / 100) === 4 }
        : { outcome: confirmation.outcome };
  return ctx.db.transaction(async (tx) => {
    const row = await lockPrinter(tx, printer.id);
    if (!row) return GONE;
    // A printer error (4xx) says what is wrong with the printer too: the board shows it at once.
    if (Math.floor(confirmation.code / 100) === 4)
      await recordPoll(ctx, tx, row, stateOfCode(confirmation.code));
    const job = id !== null ? await openJob(tx, row, id) : await lastSentJob(tx, row);
    if (job) await settleJob(ctx, tx, job, said);
    return { status: 200, body: {} };
  });
}

/** A post that carries no status says the printer is there: its last reported state stands, online if it was offline. */
function stillThere(ctx: AppContext, row: PrinterRow): PrinterState {
  const seen = stateNow(row, ctx.now()).state;
  return seen === 'offline' ? 'online' : seen;
}

/**
 * A job's outcome from one result of an Epson printing result. A retry whose status bits say the
 * printer cannot print (paper out, cover open, an error: {@link stateOfStatus}) waits for staff to
 * fix it: the printer keeps polling meanwhile and answers each hand-out the same way.
 */
function epsonOutcome(result: { success: boolean; code: string; status: number }): JobOutcome {
  if (result.success) return { outcome: 'printed' };
  if (outcomeOfCode(result.code) !== 'retry') return { outcome: 'failed', failure: FAILURE.mediaRefused };
  const state = stateOfStatus(result.status);
  return { outcome: 'retry', printerProblem: state !== 'online' && state !== 'paper_low' };
}

/**
 * Epson Server Direct Print post: a GetRequest gets the next jobs as a print request (an empty body:
 * nothing to print); a SetResponse settles the jobs its results name and records the printer's state.
 */
export async function epsonPost(ctx: AppContext, printer: PrinterRow, form: unknown): Promise<PrinterReply> {
  const post = parsePost(form);
  if (!post) return MALFORMED;
  if (post.connectionType === 'SetResponse') {
    const response = parseResponseFile(post.responseFile);
    if (!response) return MALFORMED;
    return ctx.db.transaction(async (tx) => {
      const row = await lockPrinter(tx, printer.id);
      if (!row) return GONE;
      const last = response.results.at(-1);
      await recordPoll(ctx, tx, row, last ? stateOfStatus(last.status) : stillThere(ctx, row));
      if (!response.accepted) {
        // The printer refused the whole print request (its XML): what it was handed failed.
        for (let job = await lastSentJob(tx, row); job; job = await lastSentJob(tx, row))
          await settleJob(ctx, tx, job, { outcome: 'failed', failure: FAILURE.mediaRefused });
      }
      for (const result of response.results) {
        const id = result.printJobId === null ? null : jobIdOf(result.printJobId);
        const job: PrintJobRow | null =
          result.printJobId === null
            ? await lastSentJob(tx, row)
            : id === null
              ? null
              : await openJob(tx, row, id);
        if (job) await settleJob(ctx, tx, job, epsonOutcome(result));
      }
      return { status: 200, contentType: 'text/xml; charset=utf-8', body: '' };
    });
  }
  await spoolPrinter(ctx, printer.id, 'wait');
  return ctx.db.transaction(async (tx) => {
    const row = await lockPrinter(tx, printer.id);
    if (!row) return GONE;
    await recordPoll(ctx, tx, row, stillThere(ctx, row));
    const jobs = fitRequest(
      (await nextJobs(tx, row, ctx.now(), EPSON_JOBS_PER_REQUEST)).filter(
        (job) => job.commandSet === 'epos-xml',
      ),
    );
    if (jobs.length === 0) return { status: 200, contentType: 'text/xml; charset=utf-8', body: '' };
    await markSent(ctx, tx, jobs);
    return {
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body: printRequestXml(jobs.map((job) => ({ jobId: job.id, eposPrint: job.payload }))),
    };
  });
}

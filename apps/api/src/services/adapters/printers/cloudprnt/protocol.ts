/**
 * Star CloudPRNT (Version HTTP), pure: the printer's poll read into what the server needs, the poll's
 * reply, the job request and the confirmation. No I/O. Each part follows a page of Star's manual
 * (README of this folder): the printer POSTs its status as JSON on every poll interval, the server
 * answers whether a job waits (`jobReady`, the `mediaTypes` it can serve, a `jobToken`), the printer
 * GETs the job in one of those media types and confirms it with a DELETE carrying a status `code`.
 */
import type { StaffPrinter } from '@santap/contract';

type PrinterState = StaffPrinter['state'];

/** The one media type this server renders for CloudPRNT: StarPRNT commands (mC-Print, TSP100IV…). */
export const STARPRNT_MEDIA_TYPE = 'application/vnd.star.starprnt';

/** What a poll says that the server acts on. */
export interface CloudPrntPoll {
  /** The status code's three or four digits (`200`, `211`, `410`). */
  code: number;
  /** The printer's own words after the code (`OK`, `Paper Low`), for the log; may be empty. */
  description: string;
  /** Whether the printer is busy printing a job (absent in the poll: false). */
  printingInProgress: boolean;
  /** The printer's Ethernet MAC as it reports it, when it does. */
  printerMac: string | null;
}

/**
 * A status code as the printer sends it: three or four digits, optionally a space and words. In the
 * poll's JSON it is URL-encoded (`"200%20OK"`, Star's PHP sample decodes it); both forms are read.
 * Null when it is not one.
 */
export function parseStatusCode(raw: unknown): { code: number; description: string } | null {
  if (typeof raw !== 'string' || raw.length > 200) return null;
  let text = raw;
  try {
    text = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    // Not URL-encoded after all (a lone `%`): read it as sent.
  }
  const match = /^\s*(\d{3,4})(?:\s+(.*))?$/s.exec(text);
  if (!match) return null;
  return { code: Number(match[1]), description: (match[2] ?? '').trim().slice(0, 100) };
}

/**
 * The poll (the POST's JSON body) or null when it is not a CloudPRNT poll: not an object, or no
 * readable `statusCode` (the one field Star marks as always present). Other fields are optional.
 */
export function parsePoll(body: unknown): CloudPrntPoll | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const fields = body as Record<string, unknown>;
  const status = parseStatusCode(fields.statusCode);
  if (!status) return null;
  const progress = fields.printingInProgress;
  if (progress !== undefined && progress !== null && typeof progress !== 'boolean') return null;
  const mac = fields.printerMAC;
  return {
    ...status,
    printingInProgress: progress === true,
    printerMac: typeof mac === 'string' && mac.length <= 64 ? mac : null,
  };
}

/**
 * The printer state a status code reports (Star's "Printer Status Codes": 2xx online, 21x a paper
 * warning, 41x paper error, 42x cover open, other 4xx a printer error). 5xx codes are the client's
 * trouble with a job (media type, download), not the printer's: it is still online.
 */
export function stateOfCode(code: number): PrinterState {
  const family = Math.floor(code / 100);
  const group = Math.floor(code / 10);
  if (family === 2) return group === 21 ? 'paper_low' : 'online';
  if (family === 4) {
    if (code === 410) return 'paper_out';
    if (group === 42) return 'cover_open';
    return 'error';
  }
  if (family === 5) return 'online';
  return 'error';
}

/** The reply to a poll: a job waiting (its token, the media type to fetch it in) or none. */
export function pollReply(job: { token: string } | null): Record<string, unknown> {
  return job
    ? { jobReady: true, mediaTypes: [STARPRNT_MEDIA_TYPE], jobToken: job.token }
    : { jobReady: false };
}

/** The job request's query (`?uid=&type=<media type>&mac=&token=`): the media type and the token, if sent. */
export function parseJobRequest(
  query: Record<string, unknown>,
): { type: string; token: string | null } | null {
  const type = query.type;
  if (typeof type !== 'string' || type.length === 0 || type.length > 100) return null;
  const token = query.token;
  if (token !== undefined && (typeof token !== 'string' || token.length > 64)) return null;
  return { type, token: typeof token === 'string' && token ? token : null };
}

/**
 * What a confirmation (the DELETE's `code`) means for the job:
 * - `printed`: success (`200 OK`, `OK`, any 2xx);
 * - `retry`: keep it for a later poll: a download timeout (520) or a printer error (4xx: paper, cover),
 *   which the printer reports in its next polls until someone fixes it;
 * - `failed`: the printer cannot take it (51x media type or decoding, 521 too large): printing again
 *   would fail again.
 */
export type Confirmation =
  | { outcome: 'printed'; code: number }
  | { outcome: 'retry'; code: number }
  | { outcome: 'failed'; code: number; reason: 'media' | 'too_large' | 'printer' };

/** The confirmation's query (`?code=&token=&mac=`), or null when it carries no readable code. */
export function parseConfirmation(
  query: Record<string, unknown>,
): { confirmation: Confirmation; token: string | null } | null {
  const raw = query.code;
  if (typeof raw !== 'string') return null;
  const token = query.token;
  if (token !== undefined && (typeof token !== 'string' || token.length > 64)) return null;
  const tokenOf = typeof token === 'string' && token ? token : null;
  if (/^\s*ok\s*$/i.test(raw)) return { confirmation: { outcome: 'printed', code: 200 }, token: tokenOf };
  const status = parseStatusCode(raw);
  if (!status) return null;
  const { code } = status;
  const family = Math.floor(code / 100);
  let confirmation: Confirmation;
  if (family === 2) confirmation = { outcome: 'printed', code };
  else if (family === 4 || code === 520) confirmation = { outcome: 'retry', code };
  else if (code === 521) confirmation = { outcome: 'failed', code, reason: 'too_large' };
  else if (family === 5) confirmation = { outcome: 'failed', code, reason: 'media' };
  else confirmation = { outcome: 'failed', code, reason: 'printer' };
  return { confirmation, token: tokenOf };
}

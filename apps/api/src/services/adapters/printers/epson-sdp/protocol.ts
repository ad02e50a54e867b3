/**
 * Epson Server Direct Print, pure: the printer's form posts read, the print request built, the printing
 * result read. No I/O. Each part follows Epson's "Server Direct Print User's Manual" and "ePOS-Print XML
 * User's Manual" (README of this folder): the printer POSTs `ConnectionType=GetRequest&ID=<id>` on
 * every interval; the server answers a `<PrintRequestInfo>` of `<ePOSPrint>` requests (or an empty
 * body: nothing to print); after printing the printer POSTs `ConnectionType=SetResponse&ID=<id>&
 * ResponseFile=<PrintResponseInfo XML>` with each request's `<response success code status>`.
 */
import type { StaffPrinter } from '@santap/contract';

type PrinterState = StaffPrinter['state'];

/** The device id of the printer itself in ePOS-Print (`local_printer`, as in Epson's samples). */
export const LOCAL_PRINTER = 'local_printer';

/** How long the printer may take to print one request before it reports a time-out (ms). */
export const PRINT_TIMEOUT_MS = 60_000;

/** What the printer posted: a request for print data, or the results of the last print. */
export type SdpPost =
  | { connectionType: 'GetRequest'; id: string }
  | { connectionType: 'SetResponse'; id: string; responseFile: string };

/**
 * The printer's form post (already parsed from `application/x-www-form-urlencoded`), or null when it
 * is not one: no known `ConnectionType`, an `ID` that is not Epson's (30 characters at most of
 * letters, digits, `_`, `.`, `-`; empty allowed), or a SetResponse without a `ResponseFile`.
 */
export function parsePost(form: unknown): SdpPost | null {
  if (form === null || typeof form !== 'object' || Array.isArray(form)) return null;
  const fields = form as Record<string, unknown>;
  const id = fields.ID ?? '';
  if (typeof id !== 'string' || !/^[A-Za-z0-9_.-]{0,30}$/.test(id)) return null;
  if (fields.ConnectionType === 'GetRequest') return { connectionType: 'GetRequest', id };
  if (fields.ConnectionType === 'SetResponse') {
    const file = fields.ResponseFile;
    if (typeof file !== 'string' || file.length === 0) return null;
    return { connectionType: 'SetResponse', id, responseFile: file };
  }
  return null;
}

/** A print job id as Server Direct Print carries it: 1 to 30 letters, digits, `_`, `-`, `.`. */
export const printJobIdOf = (jobId: number): string => `santap-${jobId}`;

/** The job id back from a print job id this server gave, or null. */
export function jobIdOf(printJobId: string): number | null {
  const match = /^santap-(\d{1,10})$/.exec(printJobId);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An `<epos-print>` document without its XML declaration (it goes inside `<PrintData>`). */
function bodyOf(eposPrint: string): string {
  return eposPrint.replace(/^\s*<\?xml[^>]*\?>\s*/, '');
}

/**
 * The print request (`<PrintRequestInfo Version="2.00">`, the version that carries `<printjobid>`):
 * one `<ePOSPrint>` per job, each its `<epos-print>` document. The reply body of a GetRequest.
 */
export function printRequestXml(jobs: readonly { jobId: number; eposPrint: string }[]): string {
  const requests = jobs.map(
    (job) =>
      `<ePOSPrint><Parameter><devid>${LOCAL_PRINTER}</devid><timeout>${PRINT_TIMEOUT_MS}</timeout>` +
      `<printjobid>${printJobIdOf(job.jobId)}</printjobid></Parameter>` +
      `<PrintData>${bodyOf(job.eposPrint)}</PrintData></ePOSPrint>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>\n<PrintRequestInfo Version="2.00">${requests.join('')}</PrintRequestInfo>`;
}

/** One request's result in a ResponseFile. */
export interface SdpResult {
  /** The `<printjobid>` it answers (null in a Version 1.00 file, which has none). */
  printJobId: string | null;
  success: boolean;
  /** ePOS-Print's error code (`EPTR_REC_EMPTY`, `SchemaError`…); empty on success. */
  code: string;
  /** ePOS-Print's status bits (the `status` attribute). */
  status: number;
}

/** A printing result: the file's own verdict and each request's result. */
export interface SdpResponse {
  /** False when the printer refused the whole print request (`<ServerDirectPrint><Response Success="false">`). */
  accepted: boolean;
  results: SdpResult[];
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag);
  return match ? match[1]! : null;
}

/**
 * The text inside each `<name>…</name>` of `xml`, read forward once (a pattern that looks for the
 * closing tag from every opening one takes seconds on a post made of openings); null when one is
 * never closed.
 */
function elements(xml: string, name: string): string[] | null {
  const [open, close] = [`<${name}>`, `</${name}>`];
  const found: string[] = [];
  for (let at = xml.indexOf(open); at !== -1;) {
    const end = xml.indexOf(close, at + open.length);
    if (end === -1) return null;
    found.push(xml.slice(at + open.length, end));
    at = xml.indexOf(open, end + close.length);
  }
  return found;
}

/** The first `<name …>` start tag of `xml` (the name, then a space, `/` or `>`), read forward once. */
function startTag(xml: string, name: string): string | null {
  for (let at = xml.indexOf(`<${name}`); at !== -1; at = xml.indexOf(`<${name}`, at + 1)) {
    if (!/[\s/>]/.test(xml[at + name.length + 1] ?? '')) continue;
    const end = xml.indexOf('>', at);
    return end === -1 ? null : xml.slice(at, end + 1);
  }
  return null;
}

/**
 * The ResponseFile of a SetResponse, or null when it is not a `<PrintResponseInfo>` document, an
 * element of it is never closed, or a `<response>` in it lacks a readable `success` or `status`.
 * Read with forward scans only: what a printer posts costs the server time linear in its size.
 */
export function parseResponseFile(xml: string): SdpResponse | null {
  if (
    xml.length > 1_000_000 ||
    !/<PrintResponseInfo[\s>]/.test(xml) ||
    !xml.includes('</PrintResponseInfo>')
  ) {
    return null;
  }
  const servers = elements(xml, 'ServerDirectPrint');
  const blocks = elements(xml, 'ePOSPrint');
  if (!servers || !blocks) return null;
  // Version 3.00's verdict on the print request itself (`<Response>`, capital R; the results are `<response>`).
  const verdict =
    servers[0] === undefined ? null : attribute(startTag(servers[0], 'Response') ?? '', 'Success');
  const accepted = verdict !== 'false';
  const results: SdpResult[] = [];
  // Each `<ePOSPrint>` block (Versions 2.00 and 3.00), else the bare `<response>` of Version 1.00.
  for (const block of blocks.length > 0 ? blocks : [xml]) {
    const tag = startTag(block, 'response');
    if (!tag) {
      if (blocks.length > 0) return null;
      continue;
    }
    const success = attribute(tag, 'success');
    const status = attribute(tag, 'status');
    if (success === null || status === null || !/^\d{1,10}$/.test(status)) return null;
    results.push({
      printJobId: /<printjobid>([^<]{1,30})<\/printjobid>/.exec(block)?.[1] ?? null,
      success: success === 'true' || success === '1',
      code: attribute(tag, 'code') ?? '',
      status: Number(status),
    });
  }
  return { accepted, results };
}

/** ePOS-Print's status bits (ePOS-Print XML User's Manual, `<response>` `status`). */
export const ASB = {
  NO_RESPONSE: 0x00000001,
  PRINT_SUCCESS: 0x00000002,
  OFF_LINE: 0x00000008,
  COVER_OPEN: 0x00000020,
  MECHANICAL_ERR: 0x00000400,
  AUTOCUTTER_ERR: 0x00000800,
  UNRECOVER_ERR: 0x00002000,
  RECEIPT_NEAR_END: 0x00020000,
  RECEIPT_END: 0x00080000,
} as const;

/** The printer state ePOS-Print's status bits report (the worst first). */
export function stateOfStatus(status: number): PrinterState {
  if (status & ASB.RECEIPT_END) return 'paper_out';
  if (status & ASB.COVER_OPEN) return 'cover_open';
  if (status & (ASB.MECHANICAL_ERR | ASB.AUTOCUTTER_ERR | ASB.UNRECOVER_ERR | ASB.NO_RESPONSE))
    return 'error';
  if (status & ASB.OFF_LINE) return 'error';
  if (status & ASB.RECEIPT_NEAR_END) return 'paper_low';
  return 'online';
}

/**
 * What a failed request's code means for its job: `retry` when the printer will take it once someone
 * fixes it (paper, cover, a busy or timed-out printer), `failed` when the document itself was refused.
 */
export function outcomeOfCode(code: string): 'retry' | 'failed' {
  return ['SchemaError', 'DeviceNotFound', 'JobNotFound'].includes(code) ? 'failed' : 'retry';
}

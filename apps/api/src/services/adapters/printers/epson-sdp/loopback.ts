/**
 * A loopback Epson Server Direct Print printer, built from Epson's Server Direct Print and ePOS-Print
 * XML manuals (README of this folder): for tests and the demo, it polls a server over real HTTP as a
 * TM-m30III would. One `poll()` is one interval: a form POST `ConnectionType=GetRequest&ID=<id>`
 * authenticated with HTTP Digest (its first request draws the 401 challenge), and when the reply
 * carries a `<PrintRequestInfo>`, it "prints" each `<ePOSPrint>` (keeps its `<epos-print>` document)
 * and posts `ConnectionType=SetResponse` with a `<PrintResponseInfo Version="2.00">` of the results;
 * a print request over 2 MB it refuses whole, as the manual says a printer does.
 */
import { randomBytes } from 'node:crypto';
import { digestAuthorization } from '../http-auth';
import { ASB } from './protocol';

export interface PrintedRequest {
  printJobId: string;
  /** The `<epos-print>` document it printed. */
  eposPrint: string;
}

export interface LoopbackEpsonPrinter {
  readonly printed: PrintedRequest[];
  /**
   * The result it reports for the next jobs: success, or an ePOS-Print error code with its status bits
   * (`EPTR_REC_EMPTY` with the paper-end bit: out of paper).
   */
  result: { success: true } | { success: false; code: string; status: number };
  /** When false it prints but never posts the SetResponse (power lost after printing). */
  confirm: boolean;
  poll(): Promise<{ status: number; printed: string[] }>;
  drain(max?: number): Promise<string[]>;
}

/** The status bits of a printer that printed and is fine (ePOS-Print's success example). */
const PRINTED_OK = ASB.PRINT_SUCCESS | 0x0f000000 | 0x10;

/**
 * The most print request a printer takes: a larger one is refused whole, printing nothing (Server
 * Direct Print User's Manual, "ResponseFile": "The XML obtained with GetRequest exceeds 2MB").
 */
export const MAX_PRINT_REQUEST_BYTES = 2 * 1024 * 1024;

/** A printer posting to `url` (the server's Server Direct Print URL) with `username` and `password`. */
export function loopbackEpsonPrinter(options: {
  url: string;
  username: string;
  password: string;
  id?: string;
  fetch?: typeof globalThis.fetch;
}): LoopbackEpsonPrinter {
  const call = options.fetch ?? globalThis.fetch;
  const uri = new URL(options.url).pathname;
  let challenge: string | null = null;
  let nc = 0;

  /** A form POST with Digest: the challenge first when it has none (or the server says stale). */
  async function post(form: Record<string, string>): Promise<Response> {
    const body = new URLSearchParams({ ID: options.id ?? options.username, ...form }).toString();
    const send = (authorization?: string) =>
      call(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(authorization ? { authorization } : {}),
        },
        body,
      });
    for (let attempt = 0; attempt < 2; attempt++) {
      if (!challenge) {
        const first = await send();
        if (first.status !== 401) return first;
        challenge = first.headers.get('www-authenticate');
        if (!challenge?.startsWith('Digest')) return first;
      }
      nc += 1;
      const response = await send(
        digestAuthorization({
          username: options.username,
          password: options.password,
          method: 'POST',
          uri,
          challenge,
          cnonce: randomBytes(8).toString('hex'),
          nc,
        }),
      );
      if (response.status !== 401) return response;
      // A refused digest: a stale nonce gets a new challenge; anything else is a wrong credential.
      const again = response.headers.get('www-authenticate');
      if (!again || !/stale=true/.test(again)) return response;
      challenge = again;
    }
    return send();
  }

  const printer: LoopbackEpsonPrinter = {
    printed: [],
    result: { success: true },
    confirm: true,
    async poll() {
      const response = await post({ ConnectionType: 'GetRequest' });
      if (response.status !== 200) return { status: response.status, printed: [] };
      const xml = await response.text();
      if (!xml.trim()) return { status: 200, printed: [] };
      if (Buffer.byteLength(xml) > MAX_PRINT_REQUEST_BYTES) {
        // Refused whole: the Version 3.00 verdict on the request itself, nothing printed.
        if (printer.confirm)
          await post({
            ConnectionType: 'SetResponse',
            ResponseFile:
              '<?xml version="1.0" encoding="utf-8"?>\n<PrintResponseInfo Version="3.00"><ServerDirectPrint>' +
              '<Response Success="false"><ErrorSummary>Data size is exceeded</ErrorSummary>' +
              '<ErrorDetail>Too big print request</ErrorDetail></Response></ServerDirectPrint></PrintResponseInfo>',
          });
        return { status: 200, printed: [] };
      }
      const requests = [...xml.matchAll(/<ePOSPrint>([\s\S]*?)<\/ePOSPrint>/g)].map((match) => ({
        printJobId: /<printjobid>([^<]+)<\/printjobid>/.exec(match[1]!)?.[1] ?? '',
        eposPrint: /<PrintData>([\s\S]*)<\/PrintData>/.exec(match[1]!)?.[1] ?? '',
      }));
      const { result } = printer;
      if (result.success) printer.printed.push(...requests);
      if (printer.confirm) {
        const responses = requests.map(
          (request) =>
            `<ePOSPrint><Parameter><devid>local_printer</devid><printjobid>${request.printJobId}</printjobid></Parameter>` +
            `<PrintResponse><response xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print" ` +
            `success="${result.success}" code="${result.success ? '' : result.code}" ` +
            `status="${result.success ? PRINTED_OK : result.status}" battery="0"/></PrintResponse></ePOSPrint>`,
        );
        await post({
          ConnectionType: 'SetResponse',
          ResponseFile: `<?xml version="1.0" encoding="utf-8"?>\n<PrintResponseInfo Version="2.00">${responses.join('')}</PrintResponseInfo>`,
        });
      }
      return { status: 200, printed: result.success ? requests.map((request) => request.printJobId) : [] };
    },
    async drain(max = 20) {
      const ids: string[] = [];
      for (let i = 0; i < max; i++) {
        const { printed } = await printer.poll();
        if (printed.length === 0) break;
        ids.push(...printed);
      }
      return ids;
    },
  };
  return printer;
}

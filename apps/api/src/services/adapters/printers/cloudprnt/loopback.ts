/**
 * A loopback Star CloudPRNT printer, built from Star's protocol manual (README of this folder): for
 * tests and the demo, it polls a server over real HTTP as a mC-Print3 would. One `poll()` is one poll
 * interval: POST its status (HTTP Basic), and when the reply says `jobReady`, GET the job in StarPRNT
 * with the `jobToken`, "print" it (keep its bytes) and confirm it with a DELETE `code=200 OK`. Its
 * status code and misbehaviour (never confirming, a paper error on the next job) are set by the test.
 */
import { STARPRNT_MEDIA_TYPE } from './protocol';

export interface PrintedJob {
  /** The job token the server gave. */
  token: string;
  bytes: Uint8Array;
}

export interface LoopbackCloudPrntPrinter {
  /** Every job it printed (and confirmed, or not when `confirm` is off), in order. */
  readonly printed: PrintedJob[];
  /** The status code it reports in its polls (`200 OK`, `410 Out of paper`…). */
  statusCode: string;
  /** When false it fetches and prints a job but never confirms it (a printer losing power mid-job). */
  confirm: boolean;
  /** One poll interval; returns the HTTP status of the poll and the token it printed, if any. */
  poll(): Promise<{ status: number; printed: string | null }>;
  /** Polls until a poll has nothing to print (at most `max` times); returns the tokens printed. */
  drain(max?: number): Promise<string[]>;
}

/** A printer polling `url` (the server's CloudPRNT URL) with `username` and `password`. */
export function loopbackCloudPrntPrinter(options: {
  url: string;
  username: string;
  password: string;
  mac?: string;
  fetch?: typeof globalThis.fetch;
}): LoopbackCloudPrntPrinter {
  const call = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  const mac = options.mac ?? '00:11:62:00:00:01';
  const query = (params: Record<string, string>) =>
    `${options.url}?${new URLSearchParams({ mac, ...params }).toString()}`;

  const printer: LoopbackCloudPrntPrinter = {
    printed: [],
    statusCode: '200 OK',
    confirm: true,
    async poll() {
      const response = await call(options.url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          status: '23 86 00 00 00 00 00 00 00',
          printerMAC: mac,
          // The printer sends its status code URL-encoded inside the JSON.
          statusCode: encodeURIComponent(printer.statusCode),
          printingInProgress: false,
        }),
      });
      if (response.status !== 200) return { status: response.status, printed: null };
      const reply = (await response.json()) as {
        jobReady?: boolean;
        mediaTypes?: string[];
        jobToken?: string;
      };
      if (!reply.jobReady) return { status: 200, printed: null };
      // A printer that cannot print (paper out, cover open) does not fetch the job.
      if (!printer.statusCode.startsWith('2')) return { status: 200, printed: null };
      if (!reply.mediaTypes?.includes(STARPRNT_MEDIA_TYPE)) {
        await call(
          query({ code: '510 Incompatible media', ...(reply.jobToken ? { token: reply.jobToken } : {}) }),
          {
            method: 'DELETE',
            headers: { authorization },
          },
        );
        return { status: 200, printed: null };
      }
      const token = reply.jobToken ?? '';
      const job = await call(query({ type: STARPRNT_MEDIA_TYPE, ...(token ? { token } : {}) }), {
        headers: { authorization },
      });
      if (job.status !== 200) {
        await call(query({ code: '520 Download failed', ...(token ? { token } : {}) }), {
          method: 'DELETE',
          headers: { authorization },
        });
        return { status: 200, printed: null };
      }
      printer.printed.push({ token, bytes: new Uint8Array(await job.arrayBuffer()) });
      if (printer.confirm) {
        await call(query({ code: '200 OK', ...(token ? { token } : {}) }), {
          method: 'DELETE',
          headers: { authorization },
        });
      }
      return { status: 200, printed: token };
    },
    async drain(max = 20) {
      const tokens: string[] = [];
      for (let i = 0; i < max; i++) {
        const { printed } = await printer.poll();
        if (printed === null) break;
        tokens.push(printed);
      }
      return tokens;
    },
  };
  return printer;
}

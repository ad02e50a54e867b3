/**
 * The restaurant's printers (apps/api docs/printing.md): set up by a manager, read by every staff role
 * that runs the board (their states raise the board's alarm), and the tablet path: a USB, Bluetooth or
 * serial printer attached to a staff tablet takes its jobs from the same queue as a cloud printer.
 *
 * Cloud printers themselves do not use these calls: they poll `/api/printers/cloudprnt` (Star
 * CloudPRNT) and `/api/printers/epson` (Epson Server Direct Print) with their own credential.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint';
import { idInput } from '../common';

/** How a printer reaches its jobs: polling the server itself, or through a staff tablet's browser. */
export const PRINTER_CONNECTIONS = [
  'cloudprnt',
  'epson_sdp',
  'tablet_usb',
  'tablet_bluetooth',
  'tablet_serial',
] as const;
export const printerConnection = z.enum(PRINTER_CONNECTIONS);

/** The command set a tablet-attached printer speaks (cloud printers' own protocols fix theirs). */
export const PRINTER_LANGUAGES = ['esc-pos', 'star-prnt'] as const;
export const printerCommandSet = z.enum(PRINTER_LANGUAGES);

/**
 * What a printer prints: new orders' dockets, items added later (a docket with only the new items),
 * cancellations and declined items, receipts of paid orders, kiosk queue tickets, shift reports.
 */
export const PRINT_KINDS = [
  'order_new',
  'order_added',
  'order_cancelled',
  'receipt',
  'queue_ticket',
  'shift_report',
] as const;
export const printKind = z.enum(PRINT_KINDS);

/** Paper roll widths in millimetres: 58 mm holds 32 characters a line, 80 mm holds 48. */
export const PAPER_WIDTHS = [58, 80] as const;

/** The states the printers' protocols report (CloudPRNT's status code and flags, ePOS-Print's status). */
export const PRINTER_STATES = ['online', 'offline', 'paper_out', 'paper_low', 'cover_open', 'error'] as const;
export const printerState = z.enum(PRINTER_STATES);

const printerSettings = {
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(60)),
  /**
   * The kitchen station (a name in `settings.kitchen.stations`) whose dishes this printer's dockets
   * carry; null: every dish (the pass, the cashier).
   */
  station: z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  connection: printerConnection,
  /** For tablet printers only (cloud printers' protocols fix theirs); default ESC/POS. */
  command_set: z.optional(printerCommandSet),
  paper_width: z.union([z.literal(58), z.literal(80)]),
  /** The docket's language: the kitchen's, not the diner's. */
  language: z.enum(['en', 'id', 'my']),
  prints: z.array(printKind).check(z.minLength(1), z.maxLength(PRINT_KINDS.length)),
  copies: z.int().check(z.gte(1), z.lte(5)),
  /** The station works from paper only: its board shows no screen-only actions. */
  printer_only: z.boolean(),
};

const printerSchema = z.object({
  printer_id: z.int(),
  ...printerSettings,
  command_set: printerCommandSet,
  /** What the printer last reported, with when it was last heard from (null: never). */
  state: printerState,
  /** Since when it has been offline (no poll for longer than its protocol's interval allows); null: online. */
  offline_since_epoch: z.nullable(z.int()),
  last_seen_epoch: z.nullable(z.int()),
  /**
   * Since when the printer has been in `state` (out of paper since 14:02); null or absent: not known.
   * The board's alarm says it; for `offline` it is `offline_since_epoch`.
   */
  state_since_epoch: z.optional(z.nullable(z.int())),
  /** Jobs waiting for it and jobs that failed (shown until reprinted or dismissed). */
  queued_jobs: z.int(),
  failed_jobs: z.int(),
  /**
   * What to type into the printer's own set-up page for a cloud printer: the URL it polls and the
   * user name of its HTTP Basic credential (the password is shown once, when created or rotated).
   */
  poll_url: z.nullable(z.string()),
  username: z.nullable(z.string()),
});

export type StaffPrinter = z.infer<typeof printerSchema>;

export const staffPrinters = defineEndpoint({
  id: 'staff.printers',
  method: 'GET',
  path: '/api/staff/printers',
  service: 'main',
  access: 'staff',
  summary:
    "The restaurant's printers with their states and queues (every role that runs the board; a printer's credential is never in it).",
  data: z.object({ printers: z.array(printerSchema) }),
});

/** A created printer, or one whose credential was rotated: the password, shown this once. */
const printerWithSecret = z.object({
  printer: printerSchema,
  password: z.nullable(z.string()),
});

export const staffCreatePrinter = defineEndpoint({
  id: 'staff.createPrinter',
  method: 'POST',
  path: '/api/staff/printers',
  service: 'main',
  access: 'staff',
  summary:
    'A manager adds a printer. A cloud printer gets its poll URL, user name and a password shown this once (only its hash is kept).',
  body: z.object(printerSettings),
  data: printerWithSecret,
});

export const staffUpdatePrinter = defineEndpoint({
  id: 'staff.updatePrinter',
  method: 'POST',
  path: '/api/staff/printers/:printerId',
  service: 'main',
  access: 'staff',
  summary:
    "A manager changes a printer's settings, or rotates its credential (`rotate_password`: the old one stops working at once; the new one is shown this once). Another restaurant's printer is 404.",
  params: z.object({ printerId: idInput }),
  body: z.object({
    name: z.optional(printerSettings.name),
    station: z.optional(printerSettings.station),
    command_set: z.optional(printerCommandSet),
    paper_width: z.optional(printerSettings.paper_width),
    language: z.optional(printerSettings.language),
    prints: z.optional(printerSettings.prints),
    copies: z.optional(printerSettings.copies),
    printer_only: z.optional(z.boolean()),
    rotate_password: z.optional(z.boolean()),
  }),
  data: printerWithSecret,
});

export const staffDeletePrinter = defineEndpoint({
  id: 'staff.deletePrinter',
  method: 'DELETE',
  path: '/api/staff/printers/:printerId',
  service: 'main',
  access: 'staff',
  summary:
    'A manager removes a printer: its credential stops working at once; its waiting jobs are kept as failed and shown in the jobs list.',
  params: z.object({ printerId: idInput }),
  data: z.object({ deleted: z.boolean() }),
});

export const PRINT_JOB_STATUSES = ['queued', 'sent', 'printed', 'failed'] as const;

const printJobSchema = z.object({
  job_id: z.int(),
  /** Null once the printer was deleted (the job is then failed). */
  printer_id: z.nullable(z.int()),
  printer_name: z.string(),
  kind: printKind,
  order_id: z.nullable(z.int()),
  /** The table or queue number the docket is headed with. */
  heading: z.string(),
  status: z.enum(PRINT_JOB_STATUSES),
  reprint: z.boolean(),
  /** Why it failed, in the caller's language; null unless failed. */
  failure: z.nullable(z.string()),
  created_epoch: z.int(),
  printed_epoch: z.nullable(z.int()),
});

export type StaffPrintJob = z.infer<typeof printJobSchema>;

export const staffPrintJobs = defineEndpoint({
  id: 'staff.printJobs',
  method: 'GET',
  path: '/api/staff/print-jobs',
  service: 'main',
  access: 'staff',
  summary:
    "The restaurant's recent print jobs, newest first (at most 100), optionally one order's or one status's.",
  query: z.object({
    order_id: z.optional(idInput),
    status: z.optional(z.enum(PRINT_JOB_STATUSES)),
  }),
  data: z.object({ jobs: z.array(printJobSchema) }),
});

export const staffReprint = defineEndpoint({
  id: 'staff.reprint',
  method: 'POST',
  path: '/api/staff/orders/:orderId/reprint',
  service: 'main',
  access: 'staff',
  summary:
    "Prints an order's docket (or its receipt) again, marked as a reprint: on one printer, or on every printer that prints that kind.",
  params: z.object({ orderId: idInput }),
  body: z.object({
    kind: z.optional(z.enum(['order_new', 'receipt'])),
    printer_id: z.optional(z.int()),
  }),
  data: z.object({ jobs: z.array(printJobSchema) }),
  idempotent: true,
});

/** A job for a tablet printer: the commands to send, in the printer's command set, base64. */
const tabletJobSchema = z.object({
  job_id: z.int(),
  kind: printKind,
  command_set: printerCommandSet,
  /** The printer commands (ESC/POS or StarPRNT), base64; already holds every copy and cut. */
  data_base64: z.string(),
});

export const staffTabletNextJob = defineEndpoint({
  id: 'staff.tabletNextJob',
  method: 'POST',
  path: '/api/staff/printers/:printerId/poll',
  service: 'main',
  access: 'staff',
  summary:
    'A staff tablet with a USB, Bluetooth or serial printer reports its state and takes the oldest waiting job (null: none). The job stays waiting until confirmed; polled again unconfirmed after 30 s, it is handed out again.',
  params: z.object({ printerId: idInput }),
  body: z.object({ state: printerState }),
  data: z.object({ job: z.nullable(tabletJobSchema) }),
});

export const staffTabletJobDone = defineEndpoint({
  id: 'staff.tabletJobDone',
  method: 'POST',
  path: '/api/staff/printers/:printerId/jobs/:jobId',
  service: 'main',
  access: 'staff',
  summary:
    'The tablet confirms a job printed (`printed`) or failed (`failed`, kept and shown on the board). A second confirmation changes nothing.',
  params: z.object({ printerId: idInput, jobId: idInput }),
  body: z.object({ result: z.enum(['printed', 'failed']) }),
  data: z.object({ job_id: z.int(), status: z.enum(PRINT_JOB_STATUSES) }),
});

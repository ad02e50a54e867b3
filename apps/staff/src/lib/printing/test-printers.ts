import type { StaffPrinter, StaffPrintJob } from './types';

/** A cloud printer of kopitiam-ali (test data) printing new orders for every dish, with `patch` over it. */
export function testPrinter(id: number, patch: Partial<StaffPrinter> = {}): StaffPrinter {
  return {
    printer_id: id,
    name: `Printer ${id}`,
    station: null,
    connection: 'cloudprnt',
    command_set: 'star-prnt',
    paper_width: 80,
    language: 'en',
    prints: ['order_new', 'order_added', 'order_cancelled'],
    copies: 1,
    printer_only: false,
    state: 'online',
    offline_since_epoch: null,
    last_seen_epoch: 1_800_000_000,
    state_since_epoch: null,
    queued_jobs: 0,
    failed_jobs: 0,
    poll_url: `https://santap.test/api/printers/cloudprnt`,
    username: `kopitiam-ali-printer-${id}`,
    ...patch,
  };
}

/** A print job of `printer`'s for order 1 at table T3, with `patch` over it. */
export function testJob(id: number, patch: Partial<StaffPrintJob> = {}): StaffPrintJob {
  return {
    job_id: id,
    printer_id: 1,
    printer_name: 'Printer 1',
    kind: 'order_new',
    order_id: 1,
    heading: 'T3',
    status: 'printed',
    reprint: false,
    failure: null,
    created_epoch: 1_800_000_000,
    printed_epoch: 1_800_000_005,
    ...patch,
  };
}

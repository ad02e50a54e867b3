import type { StaffPrinter, StaffPrintJob } from './types';

/**
 * The catalogue keys of the printing words (`printers.*`, packages/i18n sections/printers.ts),
 * written out so the unused-key check finds each one.
 */
export const STATE_LABEL = {
  online: 'printers.state.online',
  offline: 'printers.state.offline',
  paper_out: 'printers.state.paperOut',
  paper_low: 'printers.state.paperLow',
  cover_open: 'printers.state.coverOpen',
  error: 'printers.state.error',
} as const satisfies Record<StaffPrinter['state'], string>;

export const KIND_LABEL = {
  order_new: 'printers.kind.orderNew',
  order_added: 'printers.kind.orderAdded',
  order_cancelled: 'printers.kind.orderCancelled',
  receipt: 'printers.kind.receipt',
  queue_ticket: 'printers.kind.queueTicket',
  shift_report: 'printers.kind.shiftReport',
} as const satisfies Record<StaffPrintJob['kind'], string>;

export const CONNECTION_LABEL = {
  cloudprnt: 'printers.connection.cloudPrnt',
  epson_sdp: 'printers.connection.epsonSdp',
  tablet_usb: 'printers.connection.tabletUsb',
  tablet_bluetooth: 'printers.connection.tabletBluetooth',
  tablet_serial: 'printers.connection.tabletSerial',
} as const satisfies Record<StaffPrinter['connection'], string>;

export const COMMAND_SET_LABEL = {
  'esc-pos': 'printers.commandSet.escPos',
  'star-prnt': 'printers.commandSet.starPrnt',
} as const satisfies Record<StaffPrinter['command_set'], string>;

export const JOB_STATUS_LABEL = {
  queued: 'printers.jobs.status.queued',
  sent: 'printers.jobs.status.sent',
  printed: 'printers.jobs.status.printed',
  failed: 'printers.jobs.status.failed',
} as const satisfies Record<StaffPrintJob['status'], string>;

/** Hour and minute of an instant in the restaurant's zone (the 'since 14:02' of a state). */
export function clockTime(epoch: number, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(epoch * 1000),
  );
}

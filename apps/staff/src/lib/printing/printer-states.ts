import type { StaffPrinter } from './types';

/** States in which nothing prints: the board's alarm names them (paper low still prints). */
export const ALARM_STATES: readonly StaffPrinter['state'][] = ['offline', 'paper_out', 'cover_open', 'error'];

/** The connections a kitchen tablet's browser drives (WebUSB, Web Bluetooth, Web Serial). */
export const TABLET_CONNECTIONS: readonly StaffPrinter['connection'][] = [
  'tablet_usb',
  'tablet_bluetooth',
  'tablet_serial',
];

export const isTabletPrinter = (printer: Pick<StaffPrinter, 'connection'>) =>
  TABLET_CONNECTIONS.includes(printer.connection);

/** What the board's alarm says about one printer: its state and since when (null: not known). */
export interface PrinterAlarm {
  printer: StaffPrinter;
  /** The state in alarm, or null when the printer works but has failed dockets. */
  state: StaffPrinter['state'] | null;
  sinceEpoch: number | null;
}

/**
 * The printers the board must shout about: each one offline, out of paper, with its cover open or in
 * error (since when: `offline_since_epoch` for offline, else `state_since_epoch`), and each one with
 * dockets that failed to print. Those in a stopping state first, the longest-standing first.
 */
export function printerAlarms(printers: readonly StaffPrinter[]): PrinterAlarm[] {
  const alarms: PrinterAlarm[] = [];
  for (const printer of printers) {
    if (ALARM_STATES.includes(printer.state)) {
      const since =
        printer.state === 'offline'
          ? (printer.offline_since_epoch ?? printer.state_since_epoch ?? null)
          : (printer.state_since_epoch ?? null);
      alarms.push({ printer, state: printer.state, sinceEpoch: since });
    } else if (printer.failed_jobs > 0) {
      alarms.push({ printer, state: null, sinceEpoch: null });
    }
  }
  const rank = (alarm: PrinterAlarm) => (alarm.state === null ? 1 : 0);
  return alarms.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.sinceEpoch ?? Number.MAX_SAFE_INTEGER) - (b.sinceEpoch ?? Number.MAX_SAFE_INTEGER) ||
      a.printer.printer_id - b.printer.printer_id,
  );
}

/**
 * A board station works from paper only when a printer of that station is set `printer_only`: the
 * board of 'All' (station null) follows a printer of every dish (station null), a named station its
 * own printer's. Its screen-only actions (striking dishes off, rush) are hidden there.
 */
export function isPrinterOnlyStation(printers: readonly StaffPrinter[], station: string | null): boolean {
  return printers.some((printer) => printer.printer_only && printer.station === station);
}

/** At least one printer prints kitchen dockets: the board offers a reprint per ticket. */
export const printsDockets = (printers: readonly StaffPrinter[]) =>
  printers.some((printer) => printer.prints.includes('order_new'));

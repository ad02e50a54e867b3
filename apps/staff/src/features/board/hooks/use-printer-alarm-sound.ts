import { useEffect, useMemo, useRef } from 'react';
import { printerAlarms } from '../../../lib/printing/printer-states';
import type { StaffPrinter } from '../../../lib/printing/types';
import { alarmTone } from '../lib/alert';

/** While a printer stays stopped, the alarm sounds again this often (a kitchen is loud and busy). */
export const ALARM_REPEAT_MS = 60_000;

/**
 * The board's printer alarm, heard as well as seen: a tone as soon as a printer stops printing
 * (offline, out of paper, cover open, error: each new printer-and-state once), then again every
 * {@link ALARM_REPEAT_MS} while any printer is still stopped; quiet once every printer prints.
 * Failed dockets alone show in the red band without sound (someone already saw the printer stop).
 */
export function usePrinterAlarmSound(printers: readonly StaffPrinter[]) {
  const stopped = useMemo(
    () =>
      printerAlarms(printers)
        .filter((alarm) => alarm.state !== null)
        .map((alarm) => `${alarm.printer.printer_id}:${alarm.state}`)
        .sort()
        .join(' '),
    [printers],
  );
  const heard = useRef(new Set<string>());
  useEffect(() => {
    const keys = stopped ? stopped.split(' ') : [];
    const fresh = keys.some((key) => !heard.current.has(key));
    heard.current = new Set(keys);
    if (keys.length === 0) return;
    if (fresh) alarmTone();
    const repeat = window.setInterval(alarmTone, ALARM_REPEAT_MS);
    return () => window.clearInterval(repeat);
  }, [stopped]);
}

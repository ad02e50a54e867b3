import { memo, useMemo } from 'react';
import { useUiTranslation } from '@santap/ui';
import { printerAlarms } from '../../lib/printing/printer-states';
import { STATE_LABEL, clockTime } from '../../lib/printing/printer-words';
import type { StaffPrinter } from '../../lib/printing/types';
import './printing.css';

/**
 * The board's printer alarm: a red band across the top that staff cannot miss while any printer is
 * offline, out of paper, has its cover open or reports an error (each with since when, in the
 * restaurant's time), or has dockets that did not print. `role="alert"`: read out when it appears or
 * changes. Gone when every printer is well.
 */
export const PrinterAlarm = memo(function PrinterAlarm({
  printers,
  timeZone,
  locale,
}: {
  printers: readonly StaffPrinter[];
  timeZone: string;
  locale: string;
}) {
  const { t } = useUiTranslation();
  const alarms = useMemo(() => printerAlarms(printers), [printers]);
  if (alarms.length === 0) return null;
  const stopped = alarms.some((alarm) => alarm.state !== null);
  return (
    <section
      role="alert"
      aria-label={t('printers.alarm.title')}
      className={`printing-alarm${stopped ? ' printing-alarm--stopped' : ''}`}
    >
      <strong className="printing-alarm__title">{t('printers.alarm.title')}</strong>
      <ul className="printing-alarm__list">
        {alarms.map(({ printer, state, sinceEpoch }) => {
          if (state === null)
            return (
              <li key={printer.printer_id}>
                {t('printers.alarm.failedJobs', { printer: printer.name, count: printer.failed_jobs })}
              </li>
            );
          const words = t(STATE_LABEL[state]);
          return (
            <li key={printer.printer_id} data-state={state}>
              <strong>{printer.name}</strong>{' '}
              {sinceEpoch === null
                ? words
                : t('printers.since', { state: words, time: clockTime(sinceEpoch, timeZone, locale) })}
            </li>
          );
        })}
      </ul>
      {stopped ? <p className="printing-alarm__check">{t('printers.alarm.check')}</p> : null}
    </section>
  );
});

import { Button, useUiTranslation } from '@santap/ui';
import { ALARM_STATES, isTabletPrinter } from '../../../lib/printing/printer-states';
import { CONNECTION_LABEL, STATE_LABEL, clockTime } from '../../../lib/printing/printer-words';
import type { StaffPrinter } from '../../../lib/printing/types';

/**
 * One printer of the manager's list: its state (online, offline since when, out of paper, cover
 * open, paper low, error), when it was last heard from, its station and connection, the jobs waiting
 * and failed, and Edit, New password (cloud printers) and Delete.
 */
export function PrinterRow({
  printer,
  timeZone,
  locale,
  onEdit,
  onRotate,
  onDelete,
}: {
  printer: StaffPrinter;
  timeZone: string;
  locale: string;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useUiTranslation();
  const stateWords = t(STATE_LABEL[printer.state]);
  const since =
    printer.state === 'offline' ? printer.offline_since_epoch : (printer.state_since_epoch ?? null);
  const tone = ALARM_STATES.includes(printer.state) ? 'bad' : printer.state === 'online' ? 'good' : 'warn';
  return (
    <li className="printers-row" aria-label={printer.name} data-state={printer.state}>
      <div className="printers-row__head">
        <strong className="printers-row__name">{printer.name}</strong>
        <span className={`printers-state printers-state--${tone}`} role="status">
          {since !== null && printer.state !== 'online'
            ? t('printers.since', { state: stateWords, time: clockTime(since, timeZone, locale) })
            : stateWords}
        </span>
      </div>
      <p className="printers-row__facts">
        <span>{t('printers.station', { station: printer.station ?? t('printers.allDishes') })}</span>
        <span>{t(CONNECTION_LABEL[printer.connection])}</span>
        <span>
          {printer.last_seen_epoch !== null
            ? t('printers.lastSeen', { time: clockTime(printer.last_seen_epoch, timeZone, locale) })
            : t('printers.neverSeen')}
        </span>
        <span>{t('printers.waiting', { count: printer.queued_jobs })}</span>
        <span className={printer.failed_jobs > 0 ? 'printers-row__failed' : undefined}>
          {t('printers.failedJobs', { count: printer.failed_jobs })}
        </span>
        {printer.printer_only ? <span className="printers-row__tag">{t('printers.printerOnly')}</span> : null}
      </p>
      <div className="printers-row__actions">
        <Button variant="secondary" onClick={onEdit}>
          {t('printers.edit')}
        </Button>
        {!isTabletPrinter(printer) ? (
          <Button variant="secondary" onClick={onRotate}>
            {t('printers.rotate')}
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDelete}>
          {t('printers.delete')}
        </Button>
      </div>
    </li>
  );
}

import { useEffect, useSyncExternalStore } from 'react';
import { Button, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { CONNECTION_LABEL } from '../../lib/printing/printer-words';
import * as sessions from '../../lib/printing/tablet/tablet-sessions';
import { tabletSupported } from '../../lib/printing/tablet/tablet-device';
import type { StaffPrinter } from '../../lib/printing/types';

const PHASE_LABEL = {
  idle: 'printers.tablet.status.idle',
  connecting: 'printers.tablet.status.connecting',
  failed: 'printers.tablet.status.failed',
  ready: 'printers.tablet.status.ready',
  printing: 'printers.tablet.status.printing',
  lost: 'printers.tablet.status.lost',
  stopped: 'printers.tablet.status.idle',
} as const;

function TabletPrinterRow({ printer }: { printer: StaffPrinter }) {
  const { t } = useUiTranslation();
  const view = useSyncExternalStore(sessions.subscribeTabletSessions, () =>
    sessions.tabletSessionView(printer.printer_id),
  );
  const supported = tabletSupported(printer.connection);
  const running = view.phase === 'ready' || view.phase === 'printing' || view.phase === 'lost';
  return (
    <li className="printing-tablet__row" aria-label={printer.name} data-phase={view.phase}>
      <strong>{printer.name}</strong>
      <span>{t(CONNECTION_LABEL[printer.connection])}</span>
      {supported ? (
        <span role="status" className="printing-tablet__status">
          {t(PHASE_LABEL[view.phase])}
        </span>
      ) : (
        <span className="printing-tablet__status">{t('printers.tablet.unsupported')}</span>
      )}
      {view.device ? <span>{t('printers.tablet.device', { device: view.device })}</span> : null}
      {running ? <span>{t('printers.tablet.printed', { count: view.printed })}</span> : null}
      {view.problem ? (
        <span className="printing-tablet__problem">
          {t('printers.tablet.problem', { reason: errorText(view.problem, t) })}
        </span>
      ) : null}
      {supported && !running ? (
        <Button
          loading={view.phase === 'connecting'}
          onClick={() => void sessions.connectTabletPrinter(printer)}
          aria-label={`${t('printers.tablet.connect')}: ${printer.name}`}
        >
          {t('printers.tablet.connect')}
        </Button>
      ) : null}
      {running ? (
        <Button variant="secondary" onClick={() => void sessions.disconnectTabletPrinter(printer.printer_id)}>
          {t('printers.tablet.disconnect')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * 'Print from this tablet' (lazy-loaded with the loop and the drivers): each USB, Bluetooth or serial
 * printer of the restaurant, its state on this tablet, and Connect (a tap: the browser asks which
 * device) or Disconnect. Printing goes on when the panel closes.
 */
export default function TabletPrintPanel({
  printers,
  onLoaded,
  onClose,
}: {
  printers: readonly StaffPrinter[];
  onLoaded: (module: typeof sessions) => void;
  onClose: () => void;
}) {
  const { t } = useUiTranslation();
  useEffect(() => {
    onLoaded(sessions);
  }, [onLoaded]);
  return (
    <section className="printing-tablet__panel" aria-label={t('printers.tablet.title')}>
      <h2 className="printing-tablet__title">{t('printers.tablet.title')}</h2>
      <p>{t('printers.tablet.intro')}</p>
      <ul className="printing-tablet__list">
        {printers.map((printer) => (
          <TabletPrinterRow key={printer.printer_id} printer={printer} />
        ))}
      </ul>
      <Button variant="ghost" onClick={onClose}>
        {t('printers.tablet.close')}
      </Button>
    </section>
  );
}

import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { Button, Spinner, useUiTranslation } from '@santap/ui';
import { isTabletPrinter } from '../../lib/printing/printer-states';
import { rememberedDevice } from '../../lib/printing/remembered-devices';
import type { PrintersChanged } from '../../lib/printing/use-printers';
import type { StaffPrinter } from '../../lib/printing/types';
import type * as TabletSessions from '../../lib/printing/tablet/tablet-sessions';
import './printing.css';

/** The tablet printing code (the loop, the drivers): loaded on the first need, never on the first screen. */
let sessionsModule: Promise<typeof TabletSessions> | null = null;
const loadSessions = () => (sessionsModule ??= import('../../lib/printing/tablet/tablet-sessions'));
let loaded: typeof TabletSessions | null = null;
const setLoaded = (module: typeof TabletSessions) => {
  loaded = module;
};

const TabletPrintPanel = lazy(() => import('./tablet-print-panel'));

/**
 * On the board, when the restaurant has USB, Bluetooth or serial printers: 'Print from this tablet',
 * which opens the panel that connects them (lazy-loaded). Printers this tablet printed on before are
 * opened again at once with no tap (a reload), and a live `print.job` event wakes their loops.
 */
export function TabletPrintEntry({
  printers,
  changed,
}: {
  printers: readonly StaffPrinter[];
  changed?: PrintersChanged;
}) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  const tablet = useMemo(() => printers.filter(isTabletPrinter), [printers]);
  const ids = tablet.map((printer) => `${printer.printer_id}:${printer.connection}`).join(',');

  useEffect(() => {
    if (!tablet.some((printer) => rememberedDevice(printer.printer_id))) return;
    void loadSessions().then((module) => {
      setLoaded(module);
      return module.resumeTabletPrinters(tablet);
    });
    // Once per set of tablet printers, not per read of their states.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);

  useEffect(() => changed?.subscribe(() => loaded?.wakeTabletPrinters()), [changed]);

  if (tablet.length === 0) return null;
  return (
    <div className="printing-tablet">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        {t('printers.tablet.open')}
      </Button>
      {open ? (
        <Suspense fallback={<Spinner label={t('staff.loading')} />}>
          <TabletPrintPanel printers={tablet} onLoaded={setLoaded} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { staff } from '@santap/api-client';
import { toIntlLocale } from '@santap/i18n';
import { Banner, Button, Dialog, useToast, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import { useStaffMe } from '../../../lib/staff-context';
import { usePrinters } from '../../../lib/printing/use-printers';
import type { StaffPrintJob, StaffPrinter } from '../../../lib/printing/types';
import { PrinterForm } from '../components/printer-form';
import type { SavedPrinter } from '../components/printer-form';
import { PrinterRow } from '../components/printer-row';
import { PrinterSecret } from '../components/printer-secret';
import { PrintJobs } from '../components/print-jobs';
import '../printers.css';

/** The recent jobs, read with the printers (a failed job shows in both). */
function usePrintJobs() {
  const [jobs, setJobs] = useState<readonly StaffPrintJob[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { t } = useUiTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const reload = useCallback(async () => {
    try {
      setJobs((await api.call(staff.staffPrintJobs, { query: {} })).jobs);
      setError(null);
    } catch (failure) {
      setError(errorText(failure, tRef.current));
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { jobs, error, reload };
}

type Confirming = { kind: 'delete' | 'rotate'; printer: StaffPrinter };

/**
 * A manager's printers (README 'Printing'): each printer's state and queue, add and edit, a new
 * password (the old one stops at once), delete with a confirmation; after a create or a new password
 * the server URL, user name and password shown once with the set-up steps; the recent print jobs,
 * failed ones first, each with 'Reprint'.
 */
export function Component() {
  const me = useStaffMe();
  const { t, language } = useUiTranslation();
  const toast = useToast();
  const locale = toIntlLocale(language);
  const timeZone = me.restaurant.time_zone;
  const { printers, error, reload } = usePrinters();
  const jobs = usePrintJobs();
  const [editing, setEditing] = useState<StaffPrinter | 'new' | null>(null);
  const [secret, setSecret] = useState<SavedPrinter | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);

  if (me.staff.role !== 'manager') return <Banner tone="error">{t('errors.forbidden')}</Banner>;

  const refresh = () => {
    void reload();
    void jobs.reload();
  };

  const saved = (reply: SavedPrinter) => {
    const made = editing === 'new';
    setEditing(null);
    toast.show(t('printers.saved'), { tone: 'success' });
    // A new printer's credential (or where a tablet printer prints from) is shown this once.
    if (made || reply.password) setSecret(reply);
    refresh();
  };

  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    const { kind, printer } = confirming;
    try {
      if (kind === 'delete') {
        await api.call(staff.staffDeletePrinter, { params: { printerId: printer.printer_id } });
        toast.show(t('printers.deleted'), { tone: 'success' });
      } else {
        setSecret(
          await api.call(staff.staffUpdatePrinter, {
            params: { printerId: printer.printer_id },
            body: { rotate_password: true },
          }),
        );
      }
      setConfirming(null);
      refresh();
    } catch (failure) {
      toast.show(errorText(failure, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="staff-page printers-page">
      <div className="printers-page__head">
        <h1>{t('printers.title')}</h1>
        <Button onClick={() => setEditing('new')}>{t('printers.add')}</Button>
      </div>
      <p className="printers-page__intro">{t('printers.intro')}</p>
      {error ? (
        <Banner tone="error" action={<Button onClick={() => void reload()}>{t('staff.retry')}</Button>}>
          {error}
        </Banner>
      ) : null}
      {printers && printers.length === 0 ? <p>{t('printers.empty')}</p> : null}
      <ul className="printers-list">
        {(printers ?? []).map((printer) => (
          <PrinterRow
            key={printer.printer_id}
            printer={printer}
            timeZone={timeZone}
            locale={locale}
            onEdit={() => setEditing(printer)}
            onRotate={() => setConfirming({ kind: 'rotate', printer })}
            onDelete={() => setConfirming({ kind: 'delete', printer })}
          />
        ))}
      </ul>
      {jobs.error ? <Banner tone="error">{jobs.error}</Banner> : null}
      <PrintJobs jobs={jobs.jobs} timeZone={timeZone} locale={locale} onReprinted={refresh} />
      {editing ? (
        <PrinterForm
          printer={editing === 'new' ? null : editing}
          stations={me.kitchen.stations.map((station) => station.name)}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      {secret ? (
        <PrinterSecret printer={secret.printer} password={secret.password} onDone={() => setSecret(null)} />
      ) : null}
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        role="alertdialog"
        title={
          confirming
            ? t(confirming.kind === 'delete' ? 'printers.deleteTitle' : 'printers.rotateTitle', {
                name: confirming.printer.name,
              })
            : ''
        }
        description={
          confirming ? t(confirming.kind === 'delete' ? 'printers.deleteBody' : 'printers.rotateBody') : ''
        }
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              {t('printers.cancel')}
            </Button>
            <Button loading={busy} onClick={() => void confirm()}>
              {confirming?.kind === 'delete' ? t('printers.delete') : t('printers.rotate')}
            </Button>
          </>
        }
      />
    </main>
  );
}

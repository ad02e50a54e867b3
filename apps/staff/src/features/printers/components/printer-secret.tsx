import { useState } from 'react';
import { Button, Dialog, useToast, useUiTranslation } from '@santap/ui';
import { isTabletPrinter } from '../../../lib/printing/printer-states';
import type { StaffPrinter } from '../../../lib/printing/types';
import { SetupSteps } from './setup-steps';

/** One value to type into the printer, with its Copy button. */
function SecretLine({ label, value }: { label: string; value: string }) {
  const { t } = useUiTranslation();
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.show(t('printers.secret.copied'), { tone: 'success' });
    } catch {
      toast.show(t('printers.secret.copyFailed'), { tone: 'error' });
    }
  };
  return (
    <div className="printers-secret__line">
      <dt>{label}</dt>
      <dd>
        <code className="printers-secret__value">{value}</code>
        <Button variant="secondary" onClick={() => void copy()}>
          {t('printers.secret.copy', { what: label })}
        </Button>
      </dd>
    </div>
  );
}

/**
 * After a cloud printer is made or its credential rotated: its server URL, user name and password,
 * shown this once ('Write this down now'), each with a Copy button, and how to type them into a Star
 * CloudPRNT or an Epson Server Direct Print printer. Closed only by 'I've written it down'. A tablet
 * printer has no credential: it says where it prints from instead.
 */
export function PrinterSecret({
  printer,
  password,
  onDone,
}: {
  printer: StaffPrinter;
  password: string | null;
  onDone: () => void;
}) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(true);
  const done = () => {
    setOpen(false);
    onDone();
  };
  const tablet = isTabletPrinter(printer);
  return (
    <Dialog
      open={open}
      onClose={done}
      dismissible={false}
      role="alertdialog"
      title={tablet ? printer.name : t('printers.secret.title')}
      description={tablet ? t('printers.secret.tablet') : t('printers.secret.body')}
      footer={<Button onClick={done}>{t('printers.secret.done')}</Button>}
    >
      {!tablet ? (
        <>
          <dl className="printers-secret">
            {printer.poll_url ? (
              <SecretLine label={t('printers.secret.pollUrl')} value={printer.poll_url} />
            ) : null}
            {printer.username ? (
              <SecretLine label={t('printers.secret.username')} value={printer.username} />
            ) : null}
            {password ? <SecretLine label={t('printers.secret.password')} value={password} /> : null}
          </dl>
          <SetupSteps connection={printer.connection} />
        </>
      ) : null}
    </Dialog>
  );
}

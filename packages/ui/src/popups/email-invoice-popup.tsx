import { useState } from 'react';
import { emailSchema } from '@santap/domain';
import { hasKey } from '@santap/i18n';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { Dialog } from '../components/dialog';
import { TextField } from '../components/fields';

/** Where sending stands: `failed` shows "Couldn't Send Invoice" (spec §8). */
export type EmailInvoiceStatus = 'idle' | 'sending' | 'sent' | 'failed';

/** Props of {@link EmailInvoicePopup}. */
export interface EmailInvoicePopupProps {
  open: boolean;
  onClose: () => void;
  initialEmail?: string;
  onSend: (email: string) => void;
  status: EmailInvoiceStatus;
  /**
   * Why sending failed, in the diner's language, under "Couldn't Send Invoice" (the server's own
   * message for a limit); 'Something went wrong' when absent.
   */
  failure?: string;
}

/**
 * Emails the order's invoice. The address is checked with `emailSchema` of `@santap/domain`, so the
 * spec's messages appear ("Please include an '@' in the email address", 'Invalid email format!').
 */
export function EmailInvoicePopup({
  open,
  onClose,
  initialEmail = '',
  onSend,
  status,
  failure,
}: EmailInvoicePopupProps) {
  const { t } = useUiTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const send = () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      setFieldError(hasKey(key) ? t(key) : t('validation.emailInvalidFormat'));
      return;
    }
    setFieldError(undefined);
    onSend(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.invoice.title')}
      description={<p>{t('ui.invoice.body')}</p>}
      footer={
        status === 'sent' ? (
          <Button fullWidth onClick={onClose}>
            {t('ui.common.done')}
          </Button>
        ) : (
          <Button fullWidth icon="mail" loading={status === 'sending'} onClick={send}>
            {t('ui.invoice.send')}
          </Button>
        )
      }
    >
      {status === 'failed' ? (
        <Banner tone="error" title={t('errors.couldNotSendInvoice')}>
          <p>{failure ?? t('errors.somethingWentWrong')}</p>
        </Banner>
      ) : null}
      {status === 'sent' ? <Banner tone="success">{t('ui.invoice.sent')}</Banner> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <TextField
          label={t('ui.invoice.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={email}
          error={fieldError}
          readOnly={status === 'sent'}
          onChange={(event) => setEmail(event.target.value)}
        />
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, AuthRequired, invoices } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import { EmailInvoicePopup } from '@santap/ui';
import type { EmailInvoiceStatus } from '@santap/ui';
import { api } from '../../../lib/api';
import { loginPathFor } from '../../../lib/login-query';
import { useT } from '../../../lib/use-t';
import type { Translate } from '../../../lib/use-t';

/**
 * The refusals of a share's receipt mail told in the server's own words (apps/api docs/tabs.md,
 * 'Receipts and e-invoices per share'): not the caller's (404), not paid (409 tab.error.shareNotPaid),
 * the hourly limit (429). Anything else (the mail service down, 502, whose words are the popup's own
 * "Couldn't Send Invoice") is 'Something went wrong', as for an order's invoice.
 */
const TOLD_AS_GIVEN = [404, 409, 429];

function failureText(error: unknown, t: Translate): string | undefined {
  if (!(error instanceof ApiError) || !TOLD_AS_GIVEN.includes(error.statusCode ?? 0)) return undefined;
  if (error.message.trim() !== '') return error.message;
  return error.code && hasKey(error.code) ? t(error.code) : undefined;
}

/**
 * 'Email me this receipt' of one of the diner's paid shares: the email invoice popup of `@santap/ui`
 * (the order's, same words and checks) sending `invoices.emailInvoice` with `tab_share_id`; the address
 * gets a confirmation link first. A login that expired meanwhile goes to the login and back here.
 */
export function ShareEmailDialog({ shareId, onClose }: { shareId: number; onClose: () => void }) {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<EmailInvoiceStatus>('idle');
  const [failure, setFailure] = useState<string | undefined>();

  const send = async (email: string) => {
    setStatus('sending');
    setFailure(undefined);
    try {
      await api.call(invoices.emailInvoice, { body: { tab_share_id: shareId, email } });
      setStatus('sent');
    } catch (error) {
      if (error instanceof AuthRequired) {
        navigate(loginPathFor({ path: `${location.pathname}${location.search}` }));
        return;
      }
      setFailure(failureText(error, t));
      setStatus('failed');
    }
  };

  return (
    <EmailInvoicePopup
      open
      onClose={onClose}
      onSend={(email) => void send(email)}
      status={status}
      {...(failure ? { failure } : {})}
    />
  );
}

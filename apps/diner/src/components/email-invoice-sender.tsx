import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, AuthRequired } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import { EmailInvoicePopup } from '@santap/ui';
import type { EmailInvoiceStatus } from '@santap/ui';
import { loginPathFor } from '../lib/login-query';
import { useT } from '../lib/use-t';

export interface EmailInvoiceSenderProps {
  /** Sends the invoice or receipt to `email` (the call of the order's or the share's dialog). */
  send: (email: string) => Promise<unknown>;
  /** The refusals shown in the server's own words; any other is the popup's 'Something went wrong'. */
  toldAsGiven: (error: ApiError) => boolean;
  initialEmail?: string | null;
  onClose: () => void;
}

/**
 * The email invoice popup of `@santap/ui` with its sending: 'sending', then 'sent', or 'failed' with
 * the server's words for the refusals `toldAsGiven` picks (spec §8 "Couldn't Send Invoice"). A login
 * that expired meanwhile goes to the login, which brings the diner back to this page. Shared by an
 * order's invoice (features/account) and a tab share's receipt (features/tab).
 */
export function EmailInvoiceSender({ send, toldAsGiven, initialEmail, onClose }: EmailInvoiceSenderProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<EmailInvoiceStatus>('idle');
  const [failure, setFailure] = useState<string | undefined>();

  const failureText = (error: unknown): string | undefined => {
    if (!(error instanceof ApiError) || !toldAsGiven(error)) return undefined;
    if (error.message.trim() !== '') return error.message;
    return error.code && hasKey(error.code) ? t(error.code) : undefined;
  };

  const sendTo = async (email: string) => {
    setStatus('sending');
    setFailure(undefined);
    try {
      await send(email);
      setStatus('sent');
    } catch (error) {
      if (error instanceof AuthRequired) {
        navigate(loginPathFor({ path: `${location.pathname}${location.search}` }));
        return;
      }
      setFailure(failureText(error));
      setStatus('failed');
    }
  };

  return (
    <EmailInvoicePopup
      open
      onClose={onClose}
      {...(initialEmail ? { initialEmail } : {})}
      onSend={(email) => void sendTo(email)}
      status={status}
      {...(failure ? { failure } : {})}
    />
  );
}

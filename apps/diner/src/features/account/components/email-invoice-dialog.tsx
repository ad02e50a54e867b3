import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, AuthRequired, invoices } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { hasKey } from '@santap/i18n';
import { EmailInvoicePopup } from '@santap/ui';
import type { EmailInvoiceStatus } from '@santap/ui';
import { api } from '../../../lib/api';
import { loginPathFor } from '../../../lib/login-query';
import { useT } from '../../../lib/use-t';
import type { Translate } from '../../../lib/use-t';

export interface EmailInvoiceDialogProps {
  order: Order;
  initialEmail: string | null;
  onClose: () => void;
}

/** The refusals whose words the popup shows as the server gave them. */
const TOLD_AS_GIVEN = ['errors.tooManyRequests', 'errors.invoiceOrderNotPaid'];

/**
 * Why a send failed, under "Couldn't Send Invoice": the hourly limit (429) and an order not paid yet
 * (409) in the server's own words (its catalogue message, in the diner's language), anything else
 * 'Something went wrong'.
 */
function failureText(error: unknown, t: Translate): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.statusCode !== 429 && !TOLD_AS_GIVEN.includes(error.code ?? '')) return undefined;
  if (error.message.trim() !== '') return error.message;
  return error.code && hasKey(error.code) ? t(error.code) : undefined;
}

/**
 * The email invoice popup of `@santap/ui` for one past order (spec §7 'email invoice', §8 "Couldn't
 * Send Invoice"): one outlet's order by `invoices.emailInvoice`, a food-court order as one invoice of
 * every outlet by `invoices.generateFoodCourtInvoice`. A login that expired meanwhile goes to the
 * login, which brings the diner back to this page.
 */
export function EmailInvoiceDialog({ order, initialEmail, onClose }: EmailInvoiceDialogProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [status, setStatus] = useState<EmailInvoiceStatus>('idle');
  const [failure, setFailure] = useState<string | undefined>();

  const send = async (email: string) => {
    setStatus('sending');
    setFailure(undefined);
    try {
      if (order.fc_order_id !== null) {
        await api.call(invoices.generateFoodCourtInvoice, {
          body: { fc_order_id: order.fc_order_id, email },
        });
      } else {
        await api.call(invoices.emailInvoice, { body: { order_id: order.order_id, email } });
      }
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
      {...(initialEmail ? { initialEmail } : {})}
      onSend={(email) => void send(email)}
      status={status}
      {...(failure ? { failure } : {})}
    />
  );
}

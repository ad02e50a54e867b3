import { useState } from 'react';
import { invoices } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { EmailInvoicePopup } from '@santap/ui';
import type { EmailInvoiceStatus } from '@santap/ui';
import { api } from '../../../lib/api';

export interface EmailInvoiceDialogProps {
  order: Order;
  initialEmail: string | null;
  onClose: () => void;
}

/**
 * The email invoice popup of `@santap/ui` for one past order (spec §7 'email invoice', §8 "Couldn't
 * Send Invoice"): one outlet's order by `invoices.emailInvoice`, a food-court order as one invoice of
 * every outlet by `invoices.generateFoodCourtInvoice`.
 */
export function EmailInvoiceDialog({ order, initialEmail, onClose }: EmailInvoiceDialogProps) {
  const [status, setStatus] = useState<EmailInvoiceStatus>('idle');

  const send = async (email: string) => {
    setStatus('sending');
    try {
      if (order.fc_order_id !== null) {
        await api.call(invoices.generateFoodCourtInvoice, {
          body: { fc_order_id: order.fc_order_id, email },
        });
      } else {
        await api.call(invoices.emailInvoice, { body: { order_id: order.order_id, email } });
      }
      setStatus('sent');
    } catch {
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
    />
  );
}

import { memo, useState } from 'react';
import { staff } from '@santap/api-client';
import { useToast, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../lib/api';
import './printing.css';

/** One key per tap: a retried request prints once, a second tap prints again. */
const tapKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * 'Reprint' on a ticket of the board: the order's kitchen docket again, marked as a reprint, on every
 * printer that prints new orders (`staff.reprint`). Says where it went, or why not.
 */
export const ReprintButton = memo(function ReprintButton({ orderId }: { orderId: number }) {
  const { t } = useUiTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const reprint = async () => {
    setBusy(true);
    try {
      const reply = await api.call(
        staff.staffReprint,
        { params: { orderId }, body: { kind: 'order_new' } },
        { idempotencyKey: tapKey() },
      );
      if (reply.jobs.length > 0) toast.show(t('printers.reprinted'), { tone: 'success' });
      else toast.show(t('printers.reprintNone'), { tone: 'error' });
    } catch (error) {
      toast.show(t('staff.actionFailed', { reason: errorText(error, t) }), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="printing-reprint"
      aria-label={t('printers.reprintLabel', { id: orderId })}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void reprint()}
    >
      {t('printers.reprint')}
    </button>
  );
});

import { useState } from 'react';
import { payments } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { Banner, Button, RefundStatusPopup, refundSummary } from '@santap/ui';
import type { RefundStatusPopupProps } from '@santap/ui';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { errorText } from '@santap/web';

/** 'See refund status' for an order with a refund (cancelled, declined items, a duplicate payment). */
export function RefundStatus({ order }: { order: Order }) {
  const { t } = useT();
  const [view, setView] = useState<Omit<RefundStatusPopupProps, 'open' | 'onClose'>>();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();

  const open = async () => {
    setLoading(true);
    setError(undefined);
    try {
      setView(refundSummary(await api.call(payments.orderPayments, { params: { orderId: order.order_id } })));
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button variant="secondary" loading={loading} onClick={() => void open()}>
        {t('order.refundStatus')}
      </Button>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {view ? <RefundStatusPopup open onClose={() => setView(undefined)} {...view} /> : null}
    </>
  );
}

import { Suspense, useState } from 'react';
import type { Order } from '@santap/api-client';
import { LazyEmailInvoiceDialog } from './lazy-validated';

/** Which past order's email invoice popup is open (`EmailInvoiceDialog`, loaded when first opened). */
export function useEmailInvoice(initialEmail: string | null) {
  const [order, setOrder] = useState<Order>();
  const popup = order ? (
    <Suspense fallback={null}>
      <LazyEmailInvoiceDialog
        key={order.order_id}
        order={order}
        initialEmail={initialEmail}
        onClose={() => setOrder(undefined)}
      />
    </Suspense>
  ) : null;
  return { open: setOrder, popup };
}

/**
 * The rows the invariants read back from the database after a run, and a check's verdict: shared by
 * `invariants.ts` and `tab-invariants.ts` (a module of their own so neither imports the other back).
 */
export interface DbOrder {
  id: number;
  cartToken: string;
  fcOrderId?: number | null;
  kioskDeviceId?: string | null;
  status: number;
  subtotal?: number;
  total: number;
  paidAmount: number;
  refundedAmount: number;
  /** The table's tab the order is on (docs/tabs.md), or none. */
  tabId?: number | null;
}

export interface DbOrderItem {
  /** The line's id: a tab share's allocation names it (as a string). */
  id?: number;
  orderId: number;
  quantity: number;
  unitPrice: number;
  batch: number;
  status: string;
}

export interface DbPayment {
  id: number;
  reference: string;
  orderId: number | null;
  fcOrderId?: number | null;
  /** The diner's cart that started it (whose it is: the harness' diners or not). */
  cartToken: string | null;
  /** The gateway ('simulator'), or 'counter' for money taken by staff. */
  provider: string;
  amount: number;
  state: string;
  refundedAmount: number;
  /** 'order', 'tab_share', 'reservation', … (`payments.purpose`). */
  purpose?: string;
  /** A tab share's payment: its tab (`data.tab_id`). */
  tabId?: number | null;
}

export interface DbRefund {
  paymentId: number;
  amount: number;
  state: string;
  /** Why it was started (apps/api `RefundReason`): the product's own, or a manager's 'staff_refund'. */
  reason: string;
}

export interface Verdict {
  name: string;
  passed: boolean;
  detail: string;
}

/**
 * Payments (spec §4, §7): methods on offer, initiate (v1, food court, v3), status and
 * detail, the previous payment of an order, an order's payment history, the staff's counter payment,
 * the processing lock, and one webhook route per gateway.
 *
 * Amounts are never sent by the client: the server takes them from the order in the database.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { currencyCode, idInput, money, orderTypeInput, refundSchema } from './common';

/** Spec §9 channels, providers, speed modes and methods. */
/**
 * Spec §9 channels, then the Malaysian rails the spec does not name (Touch 'n Go eWallet, Boost,
 * ShopeePay, DuitNow QR): codes on the wire only, a diner sees the rail's name.
 */
export const PAYMENT_CHANNELS = [
  'gopay',
  'ovo-emoney',
  'grab_pay_app',
  'PNCO',
  'qris',
  'tng_ewallet',
  'boost',
  'shopeepay',
  'duitnow_qr',
] as const;
export const PAYMENT_PROVIDERS = ['simulator', 'midtrans', 'doku', 'grabpay', 'razer'] as const;
export const SPEED_MODES = ['fast', 'secure'] as const;
export const PAYMENT_METHODS = ['Card', 'Cash', 'Cash kiosk', 'pay later', 'Wallet', 'Net Banking'] as const;
/** Methods paid through a gateway (the others are settled at the counter). */
export const ONLINE_PAYMENT_METHODS = ['Card', 'Wallet', 'Net Banking'] as const;

export const paymentChannel = z.enum(PAYMENT_CHANNELS);
export const paymentProvider = z.enum(PAYMENT_PROVIDERS);
export const speedMode = z.enum(SPEED_MODES);

/** Result codes of spec §4: success 1, incomplete 0, failure 2. */
export const paymentResultCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
/** Page states of spec §4. */
export const paymentPageState = z.enum(['initiated', 'processing', 'pending', 'failed', 'success']);
/** The payment's own life (a gateway attempt). */
export const paymentState = z.enum(['initiated', 'processing', 'pending', 'success', 'failed', 'expired']);

/** The processing lock of spec §4: up to 60 s, the diner may unlock after 30 s. */
export const paymentLockSchema = z.object({
  locked: z.boolean(),
  can_unlock: z.boolean(),
  seconds_left: z.number().int(),
});

export { refundSchema };
export type Refund = z.infer<typeof refundSchema>;

export const paymentSchema = z.object({
  payment_id: z.number().int(),
  reference: z.string(),
  order_id: z.number().int().nullable(),
  fc_order_id: z.number().int().nullable(),
  order_ids: z.array(z.number().int()),
  provider: z.string(),
  method: z.string(),
  channel: z.string().nullable(),
  amount: money,
  currency: currencyCode,
  refunded_amount: money,
  /**
   * What the gateway reported capturing when it was not `amount` (that capture is refunded in full
   * and the attempt failed); null otherwise. Optional so payment fixtures written before it stay valid.
   */
  captured_amount: z.number().int().nullable().optional(),
  state: paymentState,
  page_state: paymentPageState,
  result: paymentResultCode,
  /** The gateway's id of the payment (spec §3 payment: transaction id). */
  transaction_id: z.string().nullable(),
  redirect_url: z.string().nullable(),
  qr_string: z.string().nullable(),
  lock: paymentLockSchema,
  created_epoch: z.number().int(),
  refunds: z.array(refundSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentMethodsGet = defineEndpoint({
  id: 'payments.methods',
  method: 'GET',
  path: '/api/orders/get_payment_methods.php',
  service: 'payment',
  access: 'none',
  summary:
    'What a restaurant (or a food court, with `mall`) offers: methods, channels, providers (those configured on this server; the built-in simulator stands in when none is), speed modes, and whether pay later is allowed for the order type (restaurant data, spec §9).',
  query: z
    .object({
      restaurant_id: z.optional(idInput),
      mall: z.string().min(1).max(80).optional(),
      order_type: z.optional(orderTypeInput),
      is_kiosk: z.enum(['0', '1']).optional(),
    })
    .refine((q) => q.restaurant_id !== undefined || q.mall !== undefined, {
      message: 'restaurant_id or mall is required',
    }),
  data: z.object({
    restaurant_id: z.number().int().nullable(),
    mall: z.string().nullable(),
    currency: currencyCode,
    methods: z.array(z.string()),
    online_methods: z.array(z.string()),
    channels: z.array(z.string()),
    providers: z.array(z.string()),
    default_provider: z.string().nullable(),
    speed_modes: z.array(speedMode),
    default_speed_mode: speedMode,
    pay_later_allowed: z.boolean(),
    /** Order types (1 dine-in, 2 delivery, 3 pickup) where pay later is allowed. */
    pay_later_order_types: z.array(z.number().int()),
    prepay_order_types: z.array(z.number().int()),
  }),
});

const initiateBase = {
  method: z.enum(ONLINE_PAYMENT_METHODS).default('Wallet'),
  channel: paymentChannel.optional(),
  provider: paymentProvider.optional(),
};

export const initiatedSchema = z.object({
  payment_id: z.number().int(),
  reference: z.string(),
  redirect_url: z.string().nullable(),
  qr_string: z.string().nullable(),
  state: paymentState,
  page_state: paymentPageState,
  amount: money,
  currency: currencyCode,
  provider: z.string(),
  speed_mode: speedMode,
  /** True when this is a payment already processing for the order (no second checkout). */
  resumed: z.boolean(),
  lock: paymentLockSchema,
});

export const paymentInitiate = defineEndpoint({
  id: 'payments.initiate',
  method: 'POST',
  path: '/api/v1/payment/initiate',
  service: 'payment',
  access: 'cart',
  summary:
    "Start paying an order online (redirect flow). The amount is the order's. While a payment processes (60 s) a second initiate returns it instead of starting another.",
  body: z.object({
    order_id: idInput,
    ...initiateBase,
    /**
     * Pay a table's orders together (spec §2 `:orderIds`, §5): every order to pay, the caller's own
     * `order_id` among them, each a running dine-in order at its table that still owes money
     * (`orders.tableUnpaid` lists them). One payment; refunds and history stay per order.
     */
    order_ids: z.array(idInput).min(1).max(20).optional(),
    /** The amount the diner was shown (minor units): refused when it is not what the orders owe. */
    amount: z.number().int().nonnegative().optional(),
  }),
  data: initiatedSchema,
});

export const paymentInitiateFoodCourt = defineEndpoint({
  id: 'payments.initiateFoodCourt',
  method: 'POST',
  path: '/api/v1/payment/initiate/foodcourt',
  service: 'payment',
  access: 'cart',
  summary: 'Start one payment for every outlet order of a food-court order.',
  body: z.object({ fc_order_id: idInput, ...initiateBase }),
  data: initiatedSchema,
});

export const paymentInitiateV3 = defineEndpoint({
  id: 'payments.initiateV3',
  method: 'POST',
  path: '/api/v3/payment/initiate',
  service: 'payment',
  access: 'cart',
  summary:
    "v1 plus a speed mode and the kiosk flag: 'secure' (default) is the gateway's redirect page (3-D Secure for cards); 'fast' returns a QR string to scan or an e-wallet deep link where the gateway gives one; `is_kiosk` forces 'fast' (a QR on the kiosk screen) and marks the return URL `isKiosk=1`. Either `order_id` or `fc_order_id`.",
  body: z
    .object({
      order_id: z.optional(idInput),
      fc_order_id: z.optional(idInput),
      ...initiateBase,
      speed_mode: speedMode.default('secure'),
      is_kiosk: z.union([z.boolean(), z.enum(['0', '1']).transform((v) => v === '1')]).default(false),
    })
    .refine((b) => (b.order_id === undefined) !== (b.fc_order_id === undefined), {
      message: 'exactly one of order_id and fc_order_id',
    }),
  data: initiatedSchema,
});

const paymentRef = z.object({ payment_id: idInput });

export const paymentStatusCheck = defineEndpoint({
  id: 'payments.status',
  method: 'GET',
  path: '/api/v1/payment/check-payment-status',
  service: 'payment',
  access: 'cart',
  summary:
    "A payment's result code (1 success, 0 incomplete, 2 failure), page state, and the order's payment state.",
  query: paymentRef,
  data: z.object({
    payment_id: z.number().int(),
    order_id: z.number().int().nullable(),
    fc_order_id: z.number().int().nullable(),
    result: paymentResultCode,
    page_state: paymentPageState,
    state: paymentState,
    /** The order's payment state (spec §4: unpaid, partial_paid, paid, pending, failed, processing, refund_initiated, refunded). */
    order_payment_status: z.string(),
    amount: money,
    currency: currencyCode,
    lock: paymentLockSchema,
  }),
});

export const paymentDetail = defineEndpoint({
  id: 'payments.detail',
  method: 'GET',
  path: '/api/v1/payment/get-payment-detail',
  service: 'payment',
  access: 'cart',
  summary: 'One payment of the caller with its refunds.',
  query: paymentRef,
  data: paymentSchema,
});

export const previousPaymentStatus = defineEndpoint({
  id: 'payments.previous',
  method: 'GET',
  path: '/api/v1/payment/check-previous-payment-status',
  service: 'payment',
  access: 'cart',
  summary:
    'The latest payment of an order (or food-court order): a diner returning to a processing payment sees it and its lock, not a second checkout. `can_pay` says whether a new initiate would start a payment.',
  query: z
    .object({ order_id: z.optional(idInput), fc_order_id: z.optional(idInput) })
    .refine((q) => (q.order_id === undefined) !== (q.fc_order_id === undefined), {
      message: 'exactly one of order_id and fc_order_id',
    }),
  data: z.object({
    order_payment_status: z.string(),
    payment: paymentSchema.nullable(),
    processing: z.boolean(),
    can_pay: z.boolean(),
  }),
});

export const paymentUnlock = defineEndpoint({
  id: 'payments.unlock',
  method: 'POST',
  path: '/api/v1/payment/unlock',
  service: 'payment',
  access: 'cart',
  summary:
    'Release the processing lock of a payment 30 s or more after it started (spec §4), to try another method. The payment itself may still complete at the gateway; a second capture is refunded.',
  body: paymentRef,
  data: paymentSchema,
});

export const orderPayments = defineEndpoint({
  id: 'payments.ofOrder',
  method: 'GET',
  path: '/api/orders/:orderId/payments',
  service: 'main',
  access: 'cart',
  summary: "An order's payment history (attempts, captures, counter payments) with refunds.",
  params: z.object({ orderId: idInput }),
  data: z.object({
    order_id: z.number().int(),
    payment_status: z.string(),
    total: money,
    paid_amount: money,
    refunded_amount: money,
    currency: currencyCode,
    payments: z.array(paymentSchema),
    refunds: z.array(refundSchema),
  }),
});

export const directPayment = defineEndpoint({
  id: 'payments.direct',
  method: 'POST',
  path: '/api/orders/billing/direct_payment.php',
  service: 'main',
  access: 'staff',
  summary:
    "Staff record a counter payment (cash or card at the counter) of a pay-later or 'Cash kiosk' order of their restaurant; the amount is what the order still owes.",
  body: z.object({
    order_id: idInput,
    method: z.enum(['Cash', 'Card']),
    /** Optional check: when sent it must equal what the order owes. */
    amount: z.optional(money.check(z.positive())),
  }),
  data: z.object({
    payment_id: z.number().int(),
    order_id: z.number().int(),
    amount: money,
    currency: currencyCode,
    payment_status: z.string(),
  }),
});

/**
 * Gateway notifications. The body is read raw (signatures are computed over it) and each gateway's
 * own signature scheme is checked; a forged or malformed notification is refused (401 / 400) and
 * changes nothing; a repeat is acknowledged and changes nothing.
 */
export const paymentWebhook = defineEndpoint({
  id: 'payments.webhook',
  method: 'POST',
  path: '/api/payments/webhook/:provider',
  service: 'payment',
  access: 'none',
  summary:
    'Notification from a payment gateway (simulator, midtrans, doku, grabpay, razer), verified, deduplicated on (provider, event id), never moving a state backwards; a gateway that requires a plain-text acknowledgement gets it (Razer callback: CBTOKEN:MPSTATOK). A capture for another amount than the payment is recorded, refunded in full and fails the attempt.',
  params: z.object({ provider: paymentProvider }),
  body: z.unknown(),
  data: z.object({ received: z.boolean(), duplicate: z.boolean(), payment_id: z.number().int().nullable() }),
});

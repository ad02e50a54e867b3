/**
 * The counter kiosk calls (spec §7 'kiosk offline orders'). A kiosk is a registered
 * device of one restaurant or one food court: it proves itself on every call with the headers
 * `kiosk-device` (its device code) and `kiosk-secret`; an unknown device or a wrong secret answers 401
 * ('errors.kioskNotRegistered'), a switched-off one 403 ('errors.kioskInactive'). Kiosk orders are
 * guest orders (no login) for dine-in or pickup (takeaway), paid at the counter ('Cash kiosk') or by
 * a QRIS / e-wallet QR shown on the kiosk screen.
 */
import { z } from 'zod/mini';
import { defineEndpoint } from './endpoint';
import { billSchema, countryCode, currencyCode, idInput, money, orderTypeCode } from './common';
import {
  initiatedSchema,
  paymentChannel,
  paymentPageState,
  paymentResultCode,
  paymentState,
} from './payments';

/** The headers a kiosk sends on every kiosk call. */
export const KIOSK_DEVICE_HEADER = 'kiosk-device';
export const KIOSK_SECRET_HEADER = 'kiosk-secret';

/** Order types a kiosk takes: dine-in (1) and pickup (3, always takeaway at a counter). */
export const KIOSK_ORDER_TYPES = [1, 3] as const;
export const kioskOrderType = z.union([z.literal(1), z.literal(3)]);

/** How a kiosk order is paid: at the counter, or online by a QR on the kiosk screen. */
export const KIOSK_PAYMENTS = ['cash_kiosk', 'online'] as const;
export const kioskPayment = z.enum(KIOSK_PAYMENTS);

/** The payment methods a kiosk may offer (spec §9 names): 'Cash kiosk' and 'Wallet' (QRIS / e-wallet QR). */
export const KIOSK_PAYMENT_METHODS = ['Cash kiosk', 'Wallet'] as const;

const kioskPlaceSchema = z.object({
  kind: z.enum(['restaurant', 'mall']),
  /** The cart scope: the restaurant's nameid or the mall's slug. */
  scope: z.string(),
  name: z.string(),
  country: countryCode,
  currency: currencyCode,
  time_zone: z.string(),
});

export const kioskSettings = defineEndpoint({
  id: 'kiosk.settings',
  method: 'GET',
  path: '/api/kiosk/settings',
  service: 'main',
  access: 'none',
  summary:
    "A registered kiosk's settings (headers `kiosk-device` and `kiosk-secret`): its restaurant or food court and outlets, the order types it takes, its payment methods ('Cash kiosk' at the counter, 'Wallet' for a QRIS / e-wallet QR on screen, with the QR channel) and the idle time-out with its warning.",
  data: z.object({
    device_id: z.string(),
    name: z.string(),
    place: kioskPlaceSchema,
    /** The outlets whose menus the kiosk shows (one for a restaurant kiosk). */
    outlets: z.array(z.object({ restaurant_id: z.int(), nameid: z.string(), name: z.string() })),
    order_types: z.array(orderTypeCode),
    payment_methods: z.array(z.enum(KIOSK_PAYMENT_METHODS)),
    /** The channel a QR payment goes through ('qris', 'grab_pay_app', ...), null when none is offered. */
    qr_channel: z.nullable(paymentChannel),
    /** Seconds without a touch before the kiosk warns, then `idle_warning_seconds` more before it starts over. */
    idle_timeout_seconds: z.int(),
    idle_warning_seconds: z.int(),
  }),
});

const kioskLine = z.object({
  item_id: idInput,
  quantity: z.int().check(z.minimum(1), z.maximum(99)),
  selections: z.optional(
    z.record(z.string(), z.array(z.string().check(z.maxLength(40))).check(z.maxLength(20))),
  ),
  notes: z.optional(z.string().check(z.maxLength(300))),
});

/** What a kiosk sends for an order (and for a quote): lines, order type, how it is paid. */
export const kioskOrderBody = z.object({
  order_type: kioskOrderType,
  payment: kioskPayment,
  items: z.array(kioskLine).check(z.minLength(1), z.maxLength(50)),
  special_note: z.optional(z.string().check(z.maxLength(500))),
  /**
   * When the customer confirmed the order on the kiosk (epoch seconds). An order taken offline is
   * posted later with this time: the restaurant must have been open then, the order's time is this,
   * and an order older than a day is refused ('errors.kioskOrderTooOld').
   */
  taken_epoch: z.int().check(z.positive()),
});
export type KioskOrderBody = z.infer<typeof kioskOrderBody>;

/** The number called at the counter for one outlet's order (per restaurant and local day). */
export const kioskTicketSchema = z.object({
  order_id: z.int(),
  restaurant_id: z.int(),
  restaurant_name: z.string(),
  queue_no: z.int(),
});

export const kioskQuote = defineEndpoint({
  id: 'kiosk.quote',
  method: 'POST',
  path: '/api/kiosk/quote',
  service: 'main',
  access: 'none',
  summary:
    'The bill of a kiosk cart before it is placed, computed as the order would be (every line checked against the menu, cash rounding for Cash kiosk); nothing is stored.',
  body: kioskOrderBody,
  data: z.object({
    bill: billSchema,
    by_restaurant: z.array(z.object({ restaurant_id: z.int(), bill: billSchema })),
  }),
});

export const kioskOrderCreate = defineEndpoint({
  id: 'kiosk.orderCreate',
  method: 'POST',
  path: '/api/kiosk/orders',
  service: 'main',
  access: 'none',
  idempotent: true,
  summary:
    "Place a kiosk order (spec §7 'kiosk offline orders'). The Idempotency-Key header is required and is made when the order is taken, so an order queued offline and sent again after reconnecting is placed once: the same key returns the same reply. 'cash_kiosk' goes to the kitchen as pay at the counter; 'online' waits for the QR payment (`/api/kiosk/orders/:orderId/pay`). Each outlet's order gets a queue number, unique per restaurant and local day.",
  body: kioskOrderBody,
  data: z.object({
    order_id: z.int(),
    order_ids: z.array(z.int()),
    fc_order_id: z.nullable(z.int()),
    tickets: z.array(kioskTicketSchema),
    amount: money,
    currency: currencyCode,
    payment: kioskPayment,
    prepay: z.boolean(),
    taken_epoch: z.int(),
  }),
});

const kioskOrderRef = z.object({ orderId: idInput });

export const kioskPay = defineEndpoint({
  id: 'kiosk.pay',
  method: 'POST',
  path: '/api/kiosk/orders/:orderId/pay',
  service: 'payment',
  access: 'none',
  summary:
    "Start (or resume) paying a kiosk order of this kiosk by a QR on the screen: the payment machinery of `/api/v3/payment/initiate` in fast mode with `is_kiosk`, so `qr_string` is what to draw and the payer's return page carries `isKiosk=1`. A food-court order is paid once for every outlet.",
  params: kioskOrderRef,
  body: z.object({ channel: z.optional(paymentChannel) }),
  data: z.extend(initiatedSchema, {
    order_id: z.int(),
    fc_order_id: z.nullable(z.int()),
    is_kiosk: z.literal(true),
  }),
});

export const kioskOrderStatus = defineEndpoint({
  id: 'kiosk.orderStatus',
  method: 'GET',
  path: '/api/kiosk/orders/:orderId',
  service: 'main',
  access: 'none',
  summary:
    "A kiosk order of this kiosk (every outlet's part of a food-court order): its status, payment state, queue numbers and latest payment attempt, for the screen that shows the QR and waits for the payer.",
  params: kioskOrderRef,
  data: z.object({
    order_id: z.int(),
    fc_order_id: z.nullable(z.int()),
    /** The order's status (the first outlet's, for a food-court order) and its wording key. */
    status: z.int(),
    status_key: z.string(),
    /** unpaid, processing, paid, failed, ... (spec §4), over every outlet's part. */
    payment_status: z.string(),
    payment: kioskPayment,
    amount: money,
    currency: currencyCode,
    tickets: z.array(kioskTicketSchema),
    latest_payment: z.nullable(
      z.object({
        payment_id: z.int(),
        state: paymentState,
        page_state: paymentPageState,
        result: paymentResultCode,
      }),
    ),
    is_kiosk: z.literal(true),
  }),
});

/** The cookie that names a kiosk's device on its page requests (path `/kiosk`, HttpOnly, SameSite=Strict). */
export const KIOSK_PAGE_COOKIE = 'kiosk_device';

export const kioskPageCookie = defineEndpoint({
  id: 'kiosk.pageCookie',
  method: 'POST',
  path: '/api/kiosk/page-cookie',
  service: 'main',
  access: 'none',
  summary:
    "Keeps this kiosk's registration (headers `kiosk-device` and `kiosk-secret`, checked as on every kiosk call) in an HttpOnly, SameSite=Strict cookie scoped to the kiosk's pages (`/kiosk`), so the server can render the kiosk's first screens with its settings and menus. The kiosk calls it when it is set up and on each start.",
  data: z.object({ expires_epoch: z.int() }),
});

/** Typed builders for every route of spec §2 (one place to change a URL). */
const enc = encodeURIComponent;

export const paths = {
  home: () => '/home',
  menu: (name: string, ot?: number | string, pickupType?: string) =>
    `/r/${enc(name)}${ot !== undefined ? `/${ot}` : ''}${pickupType ? `/${pickupType}` : ''}`,
  cart: (name: string, ot?: number | string, pickupType?: string) =>
    `/cart/${enc(name)}${ot !== undefined ? `/${ot}` : ''}${pickupType ? `/${pickupType}` : ''}`,
  payments: (orderId: number | string, amount: number | string) =>
    `/payments/${enc(String(orderId))}/${amount}`,
  paymentSuccess: () => '/payment-success',
  paymentResponse: (query: Record<string, string | number>) =>
    `/payment/response?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`,
  /**
   * Where an order paid later lands (spec §4): a dine-in order, or items added to a running order.
   * `status=1` is `PAYMENT_RESULT.SUCCESS` of `@santap/domain`, written out: importing it here would
   * pull the domain's status module onto the first screen (this file is in the menu's chunk).
   */
  payLaterResponse: (orderId: number | string, type: 'dinein' | 'addmore') =>
    `/payment/response?status=1&order_id=${enc(String(orderId))}&type=${type}&redirect=1`,
  orderStatus: (orderId: number | string) => `/orderstatus/order_id/${orderId}`,
  orderSummary: (orderId: number | string) => `/orderSummary/order_id/${orderId}`,
  review: (orderId: number | string) => `/review/order_id/${orderId}`,
  login: () => '/login',
  signup: () => '/signup',
  qr: () => '/qr',
  /** The table change of a running dine-in order (spec §2), with the scanned new table's QR text. */
  changeTable: (orderId: number | string, qr?: string) =>
    `/changeTable/${orderId}${qr === undefined ? '' : `?${new URLSearchParams({ qr }).toString()}`}`,
  qrError: (reason?: string) => (reason ? `/qrError?reason=${enc(reason)}` : '/qrError'),
  foodCourt: (mall: string) => `/fc/${enc(mall)}`,
  /** The food court's cart: a page of the food-court app (`apps/foodcourt` paths.cart), not of this one. */
  foodCourtCart: (mall: string) => `/fc/${enc(mall)}/cart`,
  privacy: () => '/privacy-policy',
  returnRefund: () => '/return-refund',
  terms: () => '/terms-condition',
  profileHome: () => '/profileHome',
  user: (section?: 'addresses' | 'allergies') => (section ? `/user#${section}` : '/user'),
  loyalty: () => '/newLoyalty',
  orderHistory: () => '/orderHistory',
  eInvoice: (orderId: number | string) => `/einvoiceform/${orderId}`,
  tableBookings: () => '/table-bookings',
} as const;

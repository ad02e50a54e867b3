/**
 * The table tab's screens (README: tab), one place to change them. Kept out of `paths.ts`, which is
 * in the menu's first-screen chunk: only the order, payment and tab pages link here.
 */
export const tabPaths = {
  tab: (tabId: number | string) => `/tab/${tabId}`,
  /** The tab of one of the diner's dine-in orders (`tabs.ofOrder`): the order pages link here. */
  ofOrder: (orderId: number | string) => `/tab/order/${orderId}`,
  pay: (tabId: number | string) => `/tab/${tabId}/pay`,
  receipt: (tabId: number | string, shareId: number | string) => `/tab/${tabId}/receipt/${shareId}`,
  /**
   * The e-invoice of one of the diner's paid shares (Malaysia): the account's e-invoice page for a
   * share (`/einvoiceform/:order_id` for an order; apps/api docs/tabs.md, 'Receipts and e-invoices per share').
   */
  eInvoice: (tabId: number | string, shareId: number | string) =>
    `/einvoiceform/tab/${tabId}/share/${shareId}`,
} as const;

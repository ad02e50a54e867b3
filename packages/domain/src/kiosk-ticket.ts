/**
 * The ticket code a counter kiosk prints or shows for an order it took while offline: the first four
 * hex digits of the order's idempotency key, upper case. The kiosk shows it to the customer, the
 * server keeps it with the order, and the staff console shows it on the ticket, so the counter can
 * match the customer's code to the order once it arrives.
 *
 * @example
 * ```ts
 * kioskTicketCode('7f3a9c1e-0b2d-4e5f-8a6b-1c2d3e4f5a6b'); // '7F3A'
 * ```
 */
export function kioskTicketCode(orderKey: string): string {
  return orderKey
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 4)
    .toUpperCase();
}

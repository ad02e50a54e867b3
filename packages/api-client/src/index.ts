export { createApiClient, SERVICE_TIMEOUTS_MS } from './client';
export type { ApiClient, ApiClientOptions, CallOptions } from './client';
export {
  ApiError,
  AuthRequired,
  ServerMessage,
  NoInternet,
  RequestTimeout,
  InvalidQr,
  ContractMismatch,
} from './errors';
// The endpoints, so apps reach the contract only through the client (apps -> api-client -> contract).
export {
  restaurants,
  cart,
  orders,
  auth,
  staff,
  payments,
  promotions,
  invoices,
  account,
  reviews,
  reservations,
} from '@santap/contract';
export type {
  Bill,
  Cart,
  Order,
  StaffOrder,
  KitchenView,
  MenuItem,
  RestaurantDetails,
  User,
  EndpointData,
  EndpointInput,
  Payment,
  Refund,
  Reservation,
} from '@santap/contract';
// The e-invoice form checks what the server checks, before sending.
export {
  EINVOICE_ID_TYPES,
  GENERAL_PUBLIC_TIN,
  MY_STATE_CODES,
  isWellFormedIdValue,
  isWellFormedTin,
  normaliseIdValue,
  normaliseTin,
} from '@santap/contract';
export type { EInvoice, EInvoiceBuyer, EInvoiceBuyerInput, EInvoiceIdType } from '@santap/contract';
// The replies a page arrives with (the server's early replies), read by the app and given to the client.
export { EARLY_REPLIES_ID } from '@santap/contract';
export type { EarlyReplies } from '@santap/contract';
// The counter kiosk's calls: apps/kiosk reaches them through the client.
export { kiosk } from '@santap/contract';
// Call a waiter / request the bill (the diner's order status page, the staff board).
export { tableRequests } from '@santap/contract';
export { tabs } from '@santap/contract';
export type { TableRequest, TableRequestKind } from '@santap/contract';
// The manager's audit trail (apps/api docs/audit.md).
export { audit } from '@santap/contract';
export type { AuditAction, AuditRecord } from '@santap/contract';

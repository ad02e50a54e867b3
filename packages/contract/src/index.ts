export { defineEndpoint, okReplySchema, errorReplySchema, buildPath, INVALID_TOKEN } from './endpoint';
export type {
  Endpoint,
  EndpointData,
  EndpointInput,
  EndpointParsed,
  ErrorReply,
  Access,
  Service,
  HttpMethod,
  Schema,
} from './endpoint';
export {
  money,
  countryCode,
  currencyCode,
  orderTypeCode,
  orderTypeInput,
  idInput,
  idOrNameid,
  MAX_ID,
  pickupType,
  scope,
  restTimingsSchema,
  orderContextInput,
  billSchema,
  billLineSchema,
  photoSchema,
} from './common';
export type { Bill, MapTiles, OrderContextInput, Photo } from './common';
export { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS } from './staff';
export * as restaurants from './restaurants';
export type { RestaurantDetails, MenuItem } from './restaurants';
export * as cart from './cart';
export type { Cart } from './cart';
export * as orders from './orders';
export type { Order } from './orders';
export type { KitchenView, StaffOrder, StaffPrinter, StaffPrintJob } from './staff';
export * as auth from './auth';
export type { User } from './auth';
export * as staff from './staff';
export * as payments from './payments';
export type { Payment, Refund } from './payments';
export * as promotions from './promotions';
export type { Coupon } from './promotions';
export * as invoices from './invoices';
export {
  EINVOICE_ID_TYPES,
  FOREIGN_BUYER_TIN,
  GENERAL_PUBLIC_TIN,
  MY_STATE_CODES,
  generalTinFor,
  isWellFormedIdValue,
  isWellFormedTin,
  normaliseIdValue,
  normaliseTin,
} from './invoices';
export type { EInvoice, EInvoiceBuyer, EInvoiceBuyerInput, EInvoiceIdType } from './invoices';
export * as account from './account';
export * as reviews from './reviews';
export type { OrderReviews, RatingSummary } from './reviews';
export * as reservations from './reservations';
export type { Reservation } from './reservations';
export * as kiosk from './kiosk';
export * as tableRequests from './table-requests';
export type { TableRequest, TableRequestKind } from './table-requests';
export * as tabs from './tabs';
export type { ShareQuote, ShareRequestInput, TabLine, TabMember, TabShare, TabView } from './tabs';
export * as audit from './audit';
export type { AuditAction, AuditRecord } from './audit';
export { allEndpoints } from './registry';
export { EARLY_REPLIES_ID, earlyKey } from './early';
export type { EarlyReplies } from './early';
export { buildOpenApi } from './openapi';

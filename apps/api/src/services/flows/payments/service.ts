/**
 * The payment service (spec §4, §7; services/flows/payments README): one module per concern, named here so
 * callers import the payments area from one place.
 */
export { directPayment } from './counter';
export { GATEWAY_EXPIRY_MINUTES, initiatePayment, insertAttempt, reachGateway } from './initiate';
export type { InitiateOptions, PaymentTarget, StartedAttempt } from './initiate';
export { chooseProvider, gatewayUrls, offeredProvider, paymentMethods } from './methods';
export { applyProviderEvent, receiveNotification } from './notifications';
export type { ProviderEvent } from './notifications';
export { liveOf } from './ownership';
export {
  orderPaymentHistory,
  paymentDetail,
  paymentStatus,
  paymentViews,
  previousPayment,
  unlockPayment,
} from './status';

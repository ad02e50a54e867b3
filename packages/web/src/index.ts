// The stateful code the apps share (README): no components here, those are @santap/ui's.

// The apps' i18n instance over their catalogue chunks.
export {
  appWords,
  createCatalogueI18n,
  loadCatalogueGroup,
  setAppI18n,
  withCatalogueGroup,
} from './app-i18n';
export type { AppCatalogues, CatalogueGroup, CatalogueLoader } from './app-i18n';

// What the browser keeps: cookies, the cart's handover, the login marker, the country and language.
export {
  browserCountry,
  browserSession,
  cartHandover,
  initialLanguage,
  isCartHandover,
  isDevHost,
  readCookie,
  rememberCartHandover,
  rememberLanguage,
  storeAuth,
  storedAuth,
  writeCookie,
} from './browser-session';
export type { StoredAuth } from './browser-session';
export {
  applyHtmlLang,
  deviceLanguage,
  rememberDeviceLanguage,
  startLanguage,
  useLanguageFollow,
  useLanguageReload,
} from './language';

// The API client's fetch, watched for the slow-connection notice.
export { SLOW_CALL_MS, slowWatchedFetch, useSlowConnection, watchSlowCall } from './slow-calls';

// Failures in words (spec §8).
export { errorCodeOf, errorText, uiMessageOf } from './error-words';
export type { Translate } from './error-words';

// The live channel (`/ws`).
export { backoffMs, liveUrl, setLiveSocketFactory, watchTopic } from './live';
export type {
  LiveEvent,
  LiveHandlers,
  LiveOptions,
  LiveSocket,
  LiveSocketFactory,
  LiveSubscription,
} from './live';
export { useLiveTopic } from './use-live-topic';

// The logged-in diner's saved allergies.
export { createDinerAllergies } from './diner-allergies';
export type { AllergyCategoriesCall, DinerAllergies, SavedAllergy } from './diner-allergies';

// The diner's browser API client (diner app, food court).
export { createDinerApiClient } from './diner-api-client';
export type { DinerApiClientOptions } from './diner-api-client';

// Cart and payment.
export { cartItemsTotal, useCart } from './cart';
export { readDeliveryAddress } from './delivery-address';
export type { DeliveryAddress } from './delivery-address';
export { billToPay } from './bill';
export type { CartData, CartState, CartUpdateBody, DishChoice } from './cart';
export { gateway } from './gateway';
export { cartWarnings, useCartFollowers, useCheckout, useCheckoutAttempt, usePaymentMode } from './checkout';
export type { CheckoutOptions } from './checkout';
export { paymentChannel, usePaymentPage } from './payment';
export type { PaymentLock, PaymentPageOptions, PreviousPayment, StartedPayment } from './payment';
export { paymentStateFromStatus, usePaymentOutcome } from './payment-outcome';
export type { PaymentCheck } from './payment-outcome';

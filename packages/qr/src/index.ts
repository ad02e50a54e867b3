export { parseQr } from './parse-qr';
export type { ParseQrOptions, ParseQrResult } from './parse-qr';
export { buildQrText } from './build-qr-text';
export type { BuildQrTextInput } from './build-qr-text';
export { dynamicQrMessage, SIGNATURE_PARAM, VALID_UNTIL_PARAM } from './dynamic';
export { isQrId } from './qr-id';
export { QR_PLAN, SUBSCRIPTION_TIER, qrAllowedByPlan, checkQrAgainstPlan } from './plan';
export type { QrPlan, SubscriptionTier } from './plan';
export { resolveLegacyLink, isLegacyPath } from './legacy-link';
export type { LegacyLinkOptions, LegacyRedirect, RestaurantLookup } from './legacy-link';
export { SETTING_QR_SUFFIX, restaurantQrPath, menuLinkPath } from './targets';
export type { RestaurantQrPayload } from './restaurant-qr';
export type {
  FoodCourtLinkQr,
  FoodCourtTableQr,
  MenuLinkQr,
  ParsedQr,
  PrintedQr,
  QrError,
  QrOrderType,
  QrPayload,
  QrValidity,
  SettingQr,
  TableQr,
  TakeawayQr,
  VerifyQrSignature,
} from './types';

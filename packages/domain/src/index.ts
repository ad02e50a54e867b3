export { MESSAGE, MESSAGE_KEYS, DomainError } from './messages';
export type { MessageKey } from './messages';
export {
  BASIS_POINTS_PER_WHOLE,
  BILL_LINE_KEY,
  DEFAULT_SERVICE_CHARGE_BPS,
  billInputSchema,
  cashRoundingOf,
  computeBill,
  formatRate,
  orderBillInput,
} from './bill';
export type {
  Bill,
  BillDiscount,
  BillInput,
  BillLine,
  BillTax,
  CashRounding,
  OrderLine,
  RestaurantCharges,
} from './bill';
export { canAddOption, optionGroupSchema, validateSelections } from './options';
export type {
  CanAddOptionResult,
  ChosenOption,
  MenuOption,
  OptionGroup,
  OptionGroupKind,
  OptionSelectionError,
  OptionSelectionResult,
  OptionSelections,
} from './options';
export {
  EARLIEST_BIRTH_YEAR,
  EMAIL_MAX_LENGTH,
  MINIMUM_AGE,
  NAME_MIN_LENGTH,
  OTP_LENGTH,
  SUPPORTED_PHONE_PREFIXES,
  ageOn,
  dateOfBirthSchema,
  emailSchema,
  nameSchema,
  normalisePhone,
  otpSchema,
  phoneSchema,
  requiredString,
} from './validation';
export { COUNTRIES, countryFromHost, currencyFor, isCountry, marketingSiteFor } from './country';
export type { Country, Currency, MarketingSite } from './country';
export {
  LANGUAGES,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  defaultLanguage,
  intlLocale,
  isLanguage,
} from './locale';
export type { IntlLocale, Language } from './locale';
export { CURRENCY_SYMBOL, formatMoney, minorUnitsFor } from './money';
export { moneyInputText, parseMoneyInput } from './money-input';
export {
  ORDER_TYPE,
  ORDER_TYPE_MASK,
  allowedOrderTypes,
  defaultOrderTypeFor,
  isOrderTypeCode,
  maskOf,
  parseOrderTypeParam,
  parsePickupTypeParam,
  resolveOrderType,
  typesInMask,
  voucherOnlyDelivery,
} from './order-type';
export type {
  OrderTypeCode,
  OrderTypeContext,
  OrderTypeRequest,
  PickupType,
  ResolvedOrderType,
  VoucherOrder,
} from './order-type';
export {
  DELIVERY_TABLE_NO,
  PICKUP_TABLE_NO,
  TAKEAWAY_TABLE_LABEL,
  createOrderContext,
  orderContextSchema,
  withAsap,
  withOrderType,
  withSchedule,
  withTable,
  placedContext,
} from './order-context';
export type { OrderContext, OrderSchedule, OrderTime } from './order-context';
export {
  BOOKING_STATES,
  ITEM_STATUS,
  ITEM_STATUS_WORDING_KEY,
  ORDER_PAYMENT_STATES,
  ORDER_STATUS,
  ORDER_STATUSES,
  ORDER_STATUS_WORDING_KEY,
  PAYMENT_PAGE_STATES,
  PAYMENT_RESULT,
  STATUS_WORDING_KEYS,
  canBookingTransition,
  canDinerCancel,
  canItemTransition,
  canPaymentTransition,
  invoiceMayBeMailed,
  INVOICE_MAILABLE_PAYMENT_STATES,
  canTransition,
  isAccepted,
  isOrderStatus,
  isRunningOrder,
  isTerminalOrderStatus,
  nextOrderStatuses,
  orderStatusWordingKey,
  parsePaymentResult,
  paymentPageStateFor,
} from './status';
export type {
  BookingState,
  ItemStatus,
  OrderPaymentState,
  OrderStatus,
  OrderStatusName,
  OrderStatusWordingKey,
  PaymentPageState,
  PaymentResultCode,
} from './status';
export { orderStatusPath, orderTracker, orderTrackerStepIds, trackerMoved } from './order-tracker';
export type {
  OrderStatusChange,
  OrderTracker,
  OrderTrackerEndId,
  OrderTrackerInput,
  OrderTrackerStep,
  OrderTrackerStepId,
} from './order-tracker';
export { nextAfterOrderCreated, paymentChoice, paymentChoiceForOutlets } from './order-flow';
export type {
  NextAfterOrderCreated,
  OrderCreatedInput,
  PaymentChoice,
  PaymentChoiceInput,
  PaymentChoiceMode,
} from './order-flow';
export {
  CART_UNLOCK_AFTER_SECONDS,
  PAYMENT_PROCESSING_MAX_SECONDS,
  paymentLock,
  paymentLockEnds,
  paymentLockStartedAt,
} from './payment-lock';
export type { PaymentLock } from './payment-lock';
export { CART_TOKEN_LENGTH, CART_TOKEN_PREFIX, createCartToken, isCartToken } from './cart-token';
export { EARTH_RADIUS_M, distanceMetres } from './distance';
export { TABLE_TOKEN_PATTERN, isTableToken, readTableRef } from './table-ref';
export type { RandomBytes } from './cart-token';
export { ALLERGENS, ALLERGY_SEVERITIES, conflictingAllergens, isAllergen } from './allergens';
export type { Allergen, AllergySeverity } from './allergens';
export {
  addMoreRefusal,
  canAddItemsTo,
  nextBatch,
  paymentStateAfterBillGrew,
  runningOrderConflicts,
  runningOrderKind,
  samePlace,
  statusAfterAddingItems,
} from './running-order';
export type {
  AddMoreRequest,
  AddMoreTarget,
  OrderPlace,
  RunningOrderConflict,
  RunningOrderFacts,
  RunningOrderKind,
} from './running-order';
export { parseOrderIds, tablePaymentRefusal, toggleTableOrder } from './table-payment';
export type { TableOrder } from './table-payment';
export { kioskTicketCode } from './kiosk-ticket';
export { allocateInProportion, equalParts } from './split-bill/allocate';
export { tabBalance } from './split-bill/tab';
export type {
  SettledShare,
  ShareLineAllocation,
  Tab,
  TabBalance,
  TabLineBalance,
  TabLineInput,
  TabOrder,
} from './split-bill/tab';
export { SPLIT_MAX_PARTS, SPLIT_MESSAGE, SPLIT_MIN_PARTS, splitShare } from './split-bill/share';
export type {
  Share,
  ShareContext,
  ShareRequest,
  SplitMessageKey,
  SplitRefusal,
  SplitResult,
} from './split-bill/share';
export { TAB_MESSAGE } from './split-bill/tab-messages';
export type { TabMessageKey } from './split-bill/tab-messages';
export { APPROVAL_MESSAGE } from './approval-messages';
export type { ApprovalMessageKey } from './approval-messages';
export {
  DEFAULT_BUSINESS_DAY_CUTOFF,
  REPORT_RANGE_MAX_DAYS,
  businessDayOf,
  businessDayRange,
  isBusinessDate,
  isBusinessDayCutoff,
  reportRange,
  reportRangeBounds,
} from './reports/business-day';
export type { ReportRange } from './reports/business-day';
export { REPORT_MESSAGE } from './reports/messages';
export type { ReportMessageKey, ReportRefusal } from './reports/messages';
export { CASH_DENOMINATIONS, countedCashTotal, isDenomination, isMinorUnits } from './reports/cash';
export type { CountedCash, DenominationCount } from './reports/cash';
export { PAYMENT_RAILS, SALES_CHANNELS, shiftReport } from './reports/shift-report';
export type {
  CashMovement,
  PaymentRail,
  ReportAction,
  ReportFigure,
  ReportOrder,
  ReportPayment,
  ReportRefund,
  SalesChannel,
  ShiftReport,
  ShiftReportInput,
} from './reports/shift-report';

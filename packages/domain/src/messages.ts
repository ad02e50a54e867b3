/**
 * Every message key that crosses a package or the wire: validation messages, domain rule
 * violations and the error catalogue of spec §8. Packages and the server emit these keys; the
 * catalogues of `@santap/i18n` hold the words in en, id and my (a test there fails when one is missing).
 *
 * @example
 * ```ts
 * throw new DomainError(MESSAGE.restaurantClosedForType);
 * ```
 */
export const MESSAGE = {
  // spec §5 validation
  required: 'validation.required',
  nameTooShort: 'validation.nameTooShort',
  emailMissingAt: 'validation.emailMissingAt',
  emailInvalidFormat: 'validation.emailInvalidFormat',
  emailEnterValid: 'validation.emailEnterValid',
  phoneRequired: 'validation.phoneRequired',
  phoneInvalid: 'validation.phoneInvalid',
  otpInvalidFormat: 'validation.otpInvalidFormat',
  dateOfBirthInvalid: 'validation.dateOfBirthInvalid',
  underage: 'validation.underage',
  selectOrderType: 'validation.selectOrderType',
  selectAnyOneOption: 'validation.selectAnyOneOption',
  selectOnlyOneOption: 'validation.selectOnlyOneOption',
  optionLimitReached: 'validation.optionLimitReached',
  optionMinimumNotReached: 'validation.optionMinimumNotReached',
  ownOrderCannotBeDeselected: 'validation.ownOrderCannotBeDeselected',
  dateOfBirthLocked: 'validation.dateOfBirthLocked',
  adultOrCorporate: 'validation.adultOrCorporate',
  addressRequired: 'validation.addressRequired',
  addressNotDeliverable: 'validation.addressNotDeliverable',
  addressTooFar: 'validation.addressTooFar',
  invalidInput: 'validation.invalidInput',

  // spec §8 error catalogue
  invalidToken: 'errors.invalidToken',
  somethingWentWrong: 'errors.somethingWentWrong',
  invalidQr: 'errors.invalidQr',
  noInternet: 'errors.noInternet',
  qrExpired: 'errors.qrExpired',
  qrNoLongerExists: 'errors.qrNoLongerExists',
  qrAskStaff: 'errors.qrAskStaff',
  qrNotAllowedByPlan: 'errors.qrNotAllowedByPlan',
  restaurantClosedForType: 'errors.restaurantClosedForType',
  restaurantClosed: 'errors.restaurantClosed',
  restaurantNotTakingOrders: 'errors.restaurantNotTakingOrders',
  notAcceptingOrders: 'errors.notAcceptingOrders',
  internalServerError: 'errors.internalServerError',
  runningDineInElsewhere: 'errors.runningDineInElsewhere',
  runningTakeawayElsewhere: 'errors.runningTakeawayElsewhere',
  wrongTable: 'errors.wrongTable',
  scanTableQr: 'errors.scanTableQr',
  crossSiteRequest: 'errors.crossSiteRequest',
  incorrectOtp: 'errors.incorrectOtp',
  verificationFailed: 'errors.verificationFailed',
  couldNotRequestItems: 'errors.couldNotRequestItems',
  itemsNotAvailable: 'errors.itemsNotAvailable',
  menuBeingUpdated: 'errors.menuBeingUpdated',
  priceWarning: 'errors.priceWarning',
  variantUnavailable: 'errors.variantUnavailable',
  outOfStock: 'errors.outOfStock',
  deliveryNotSupported: 'errors.deliveryNotSupported',
  orderTypeNotEnabled: 'errors.orderTypeNotEnabled',
  paymentFailed: 'errors.paymentFailed',
  transactionFailed: 'errors.transactionFailed',
  paymentPending: 'errors.paymentPending',
  couldNotSendInvoice: 'errors.couldNotSendInvoice',
  addressNotFound: 'errors.addressNotFound',
  locationPermissionOff: 'errors.locationPermissionOff',
  slowConnection: 'errors.slowConnection',
  chunkLoadFailed: 'errors.chunkLoadFailed',
  timeout: 'errors.timeout',
  notFound: 'errors.notFound',
  forbidden: 'errors.forbidden',
  cancelNotAllowed: 'errors.cancelNotAllowed',
  invalidTransition: 'errors.invalidTransition',
  staffAccountDisabled: 'errors.staffAccountDisabled',
  usernameTaken: 'errors.usernameTaken',
  requestAlreadySent: 'errors.requestAlreadySent',
  scheduledMustPrepay: 'errors.scheduledMustPrepay',
  orderAwaitingPayment: 'errors.orderAwaitingPayment',
  payLaterNotAllowed: 'errors.payLaterNotAllowed',
  invalidSlot: 'errors.invalidSlot',
  cartEmpty: 'errors.cartEmpty',
  cartLocked: 'errors.cartLocked',
  cartHandoverTaken: 'errors.cartHandoverTaken',
  idempotencyConflict: 'errors.idempotencyConflict',
  idempotencyInProgress: 'errors.idempotencyInProgress',
  otpExpired: 'errors.otpExpired',
  otpLocked: 'errors.otpLocked',
  otpResendCooldown: 'errors.otpResendCooldown',
  otpWhatsappFailed: 'errors.otpWhatsappFailed',
  otpSmsFailed: 'errors.otpSmsFailed',
  otpNumberUnreachable: 'errors.otpNumberUnreachable',
  otpWhatsappUnavailable: 'errors.otpWhatsappUnavailable',
  otpSmsNotOffered: 'errors.otpSmsNotOffered',
  otpLoginOff: 'errors.otpLoginOff',
  tooManyRequests: 'errors.tooManyRequests',
  tryAgainInSeconds: 'errors.tryAgainInSeconds',
  tryAgainInMinutes: 'errors.tryAgainInMinutes',
  couponInvalid: 'errors.couponInvalid',
  couponMinOrder: 'errors.couponMinOrder',
  couponNotStarted: 'errors.couponNotStarted',
  couponExpired: 'errors.couponExpired',
  couponNotAvailableNow: 'errors.couponNotAvailableNow',
  couponOrderType: 'errors.couponOrderType',
  couponOutlet: 'errors.couponOutlet',
  couponLimitReached: 'errors.couponLimitReached',
  couponUserLimitReached: 'errors.couponUserLimitReached',
  couponLoginRequired: 'errors.couponLoginRequired',
  referralInvalid: 'errors.referralInvalid',
  referralOwnCode: 'errors.referralOwnCode',
  referralAlreadyApplied: 'errors.referralAlreadyApplied',
  referralAfterFirstOrder: 'errors.referralAfterFirstOrder',

  // invoices and the Malaysian e-invoice (LHDN MyInvois; spec §8 "Couldn't Send Invoice")
  tinFormat: 'validation.tinFormat',
  tinInvalid: 'validation.tinInvalid',
  idNumberInvalid: 'validation.idNumberInvalid',
  einvoiceMalaysiaOnly: 'errors.einvoiceMalaysiaOnly',
  einvoiceOrderNotPaid: 'errors.einvoiceOrderNotPaid',
  einvoiceUnavailable: 'errors.einvoiceUnavailable',
  invoiceOrderNotPaid: 'errors.invoiceOrderNotPaid',
  invoiceLinkInvalid: 'errors.invoiceLinkInvalid',

  // payments and refunds (spec §4, §8)
  paymentAlreadyPaid: 'errors.paymentAlreadyPaid',
  orderNotPayable: 'errors.orderNotPayable',
  paymentMethodNotOffered: 'errors.paymentMethodNotOffered',
  paymentUnlockTooEarly: 'errors.paymentUnlockTooEarly',
  paymentNotAtCounter: 'errors.paymentNotAtCounter',
  paymentAmountMismatch: 'errors.paymentAmountMismatch',
  refundOrderNotCompleted: 'errors.refundOrderNotCompleted',
  refundTooLarge: 'errors.refundTooLarge',
  invalidSignature: 'errors.invalidSignature',

  // table bookings (spec §4 booking states, §5 cut-off)
  bookingDisabled: 'errors.bookingDisabled',
  bookingUnavailable: 'errors.bookingUnavailable',
  bookingTooManyGuests: 'errors.bookingTooManyGuests',
  bookingSlotInvalid: 'errors.bookingSlotInvalid',
  bookingCutOff: 'errors.bookingCutOff',
  bookingNotChangeable: 'errors.bookingNotChangeable',
  bookingNotPayable: 'errors.bookingNotPayable',
  bookingTokenApplied: 'errors.bookingTokenApplied',

  // counter kiosks
  kioskNotRegistered: 'errors.kioskNotRegistered',
  kioskInactive: 'errors.kioskInactive',
  kioskOrderTooOld: 'errors.kioskOrderTooOld',

  // dish reviews
  reviewOrderNotCompleted: 'errors.reviewOrderNotCompleted',
  reviewItemNotReviewable: 'errors.reviewItemNotReviewable',

  // Call a waiter / request the bill from a running dine-in order (apps/api services/flows/ordering/table-requests.ts)
  tableRequestNotRunning: 'errors.tableRequestNotRunning',
  tableRequestsTooMany: 'errors.tableRequestsTooMany',

  // Menu photos uploaded by staff (apps/api services/adapters/images): refused before anything is stored
  imageTooLarge: 'errors.imageTooLarge',
  imageNotAnImage: 'errors.imageNotAnImage',
  imageTooManyPixels: 'errors.imageTooManyPixels',

  // spec §4 'More items added' and paying a table's orders together (§2 /payments, §5)
  addMoreClosed: 'errors.addMoreClosed',
  addMoreMismatch: 'errors.addMoreMismatch',
  addMoreNoCoupon: 'errors.addMoreNoCoupon',
  tableOrdersInvalid: 'errors.tableOrdersInvalid',

  // the diner's account (spec §7 Profile)
  phoneInUse: 'validation.phoneInUse',
  phoneSameAsCurrent: 'validation.phoneSameAsCurrent',
  postcodeInvalid: 'validation.postcodeInvalid',
  dateRangeInvalid: 'validation.dateRangeInvalid',
} as const;

/** A key of the message catalogue (see {@link MESSAGE}). */
export type MessageKey = (typeof MESSAGE)[keyof typeof MESSAGE];

/** Every message key, for catalogue completeness tests. */
export const MESSAGE_KEYS: readonly MessageKey[] = Object.values(MESSAGE);

/**
 * An error raised by a domain rule, carrying a catalogue key (never user words) and optional
 * interpolation values, so every caller can show it in the diner's language.
 */
export class DomainError extends Error {
  readonly key: MessageKey;
  readonly values: Readonly<Record<string, string | number>>;

  constructor(key: MessageKey, values: Record<string, string | number> = {}) {
    super(key);
    this.name = 'DomainError';
    this.key = key;
    this.values = values;
  }
}

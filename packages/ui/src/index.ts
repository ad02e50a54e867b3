export { createI18n, htmlLang } from './i18n/create-i18n';
export { TranslationProvider, useUiTranslation } from './i18n/translation';
export type { UiTranslate, UiTranslation, UiValues } from './i18n/translation';

export { Icon } from './components/icons';
export type { IconName, IconProps } from './components/icons';
export { Button, IconButton } from './components/button';
export type { ButtonProps, ButtonVariant, IconButtonProps } from './components/button';
export { Spinner, Skeleton } from './components/spinner';
export type { SkeletonProps, SpinnerProps } from './components/spinner';
export { TextField, TextArea } from './components/fields';
export type { FieldChrome, TextAreaProps, TextFieldProps } from './components/fields';
export { PHONE_PREFIXES, PhoneField } from './components/phone-field';
export type { PhoneCountry, PhoneFieldProps } from './components/phone-field';
export { OtpField } from './components/otp-field';
export type { OtpFieldProps } from './components/otp-field';
export { CheckboxGroup, RadioGroup } from './components/choice-group';
export type { CheckboxGroupProps, ChoiceOption, RadioGroupProps } from './components/choice-group';
export { QuantityStepper } from './components/quantity-stepper';
export type { QuantityStepperProps } from './components/quantity-stepper';
export { MoneyText } from './components/money-text';
export type { MoneyTextProps } from './components/money-text';
export { ALLERGENS, Badge, allergenLabel } from './components/badge';
export { HeaderPhoto, Photo, PopupPhoto, ThumbPhoto, hueOf } from './components/photo';
export type { PhotoData, PhotoProps, PlacedPhotoProps } from './components/photo';
export type { Allergen, BadgeFlag, BadgeProps } from './components/badge';
export { DishAddButton } from './menu/dish-add-button';
export type { DishAddButtonProps } from './menu/dish-add-button';
export { DishBadges } from './menu/dish-badges';
export type { DishBadgesProps } from './menu/dish-badges';
export { dishFlags } from './menu/dish-flags';
export type { DishFacts } from './menu/dish-flags';
export { Banner } from './components/banner';
export type { BannerProps, BannerTone } from './components/banner';
export { Page } from './components/page';
export type { PageProps } from './components/page';
export { Dialog, Sheet } from './components/dialog';
export type { DialogProps, SheetProps } from './components/dialog';
export { Toast, ToastProvider, usePageToast, useToast } from './components/toast';
export type { ToastApi, ToastProps, ToastTone } from './components/toast';
export { messageText } from './i18n/message';
export type { UiMessage } from './i18n/message';

export { VariantsPopup } from './popups/variants-popup';
export { DishPopup } from './menu/dish-popup';
export type { DishPopupProps, MenuDish } from './menu/dish-popup';
export { SevereAllergyConfirm, severeAllergyConflicts } from './popups/severe-allergy-confirm';
export type { SevereAllergyConfirmProps } from './popups/severe-allergy-confirm';
export type {
  VariantGroup,
  VariantOption,
  VariantsChoice,
  VariantsDish,
  VariantsPopupProps,
} from './popups/variants-popup';
export { SchedulePopup, orderTypeLabelKey } from './popups/schedule-order-popup';
export type {
  ScheduleChoice,
  ScheduleDay,
  SchedulePopupProps,
  ScheduleSlot,
} from './popups/schedule-order-popup';
export { LocationPopup } from './popups/location-popup';
export type { LocationPopupProps, LocationStatus } from './popups/location-popup';
export { ManualAddressPopup } from './popups/manual-address-popup';
export type { ManualAddress, ManualAddressPopupProps } from './popups/manual-address-popup';
export { MapPopup } from './popups/map-popup';
export type { Coordinates, MapPopupProps, MapTiles } from './popups/map-popup';
export { NotesPopup, SpecialRequestPopup } from './popups/note-popups';
export type { NotePopupProps } from './popups/note-popups';
export { PackagingChargesPopup } from './popups/packaging-charges-popup';
export type { PackagingChargesPopupProps, PackagingLine } from './popups/packaging-charges-popup';
export { SaveTreesPopup } from './popups/save-trees-popup';
export type { SaveTreesChoice, SaveTreesPopupProps } from './popups/save-trees-popup';
export { LanguagePopup } from './popups/language-popup';
export type { LanguagePopupProps } from './popups/language-popup';
export { ExitPagePopup } from './popups/exit-page-popup';
export type { ExitPagePopupProps } from './popups/exit-page-popup';
export { CartLockPopup } from './popups/cart-lock-popup';
export type { CartLockPopupProps } from './popups/cart-lock-popup';
export { QrExpiredPopup } from './popups/qr-expired-popup';
export type { QrExpiredPopupProps } from './popups/qr-expired-popup';
export { InAppBrowserPopup } from './popups/in-app-browser-popup';
export type { InAppBrowserPopupProps } from './popups/in-app-browser-popup';
export { DateOfBirthPopup } from './popups/date-of-birth-popup';
export type { DateOfBirthPopupProps } from './popups/date-of-birth-popup';
export { DiscountsPopup } from './popups/discounts-popup';
export type { DiscountOffer, DiscountsPopupProps } from './popups/discounts-popup';
export { CouponsPopup } from './popups/coupons-popup';
export type { CouponOffer, CouponsPopupProps } from './popups/coupons-popup';
export { LoyaltyPopup } from './popups/loyalty-popup';
export type { LoyaltyPopupProps } from './popups/loyalty-popup';
export { ReferralInfoPopup } from './popups/referral-info-popup';
export type { ReferralInfoPopupProps } from './popups/referral-info-popup';
export { EmailInvoicePopup } from './popups/email-invoice-popup';
export type { EmailInvoicePopupProps, EmailInvoiceStatus } from './popups/email-invoice-popup';
export { RefundStatusPopup } from './popups/refund-status-popup';
export type { RefundStatusPopupProps } from './popups/refund-status-popup';
export { RepeatOrderPopup } from './popups/repeat-order-popup';
export type { RepeatOrderItem, RepeatOrderPopupProps } from './popups/repeat-order-popup';
export { OCCASIONS, OccasionPopup } from './popups/occasion-popup';
export type { Occasion, OccasionPopupProps } from './popups/occasion-popup';
export { AllergiesPopup } from './popups/allergies-popup';
export type { AllergiesPopupProps } from './popups/allergies-popup';

// The app shell's components (the browser session, live channel and i18n set-up are @santap/web's).
export { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError, useChunkTimeout } from './shell/chunk-errors';
export type { NavigationSource } from './shell/chunk-errors';
export { lazyOnFirstOpen } from './shell/lazy-on-open';
export { ReloadPrompt } from './shell/reload-prompt';
export type { ReloadPromptProps } from './shell/reload-prompt';
export { OfflineBanner, useOnline } from './shell/offline-banner';
export type { OfflineBannerProps } from './shell/offline-banner';
export { AppShellContext, LanguageButton, useAppShell } from './shell/app-shell';
export type { AppShell } from './shell/app-shell';
export { LanguageShell } from './shell/app-language';
export { AppRoot } from './shell/app-root';
export type { AppRootProps } from './shell/app-root';
// Server rendering (README "Server rendering"): the browser's side; the server's is `@santap/ui/server`.
export { HYDRATION_ID, dropServerPage, hydratesHere, serverPage, whenHydrated } from './shell/hydration';
export type {
  HydratedModule,
  HydratedRouter,
  HydrationBlock,
  HydrationData,
  HydrationSession,
} from './shell/hydration';
export { serverApiOptions, serverScope, setServerScopeReader } from './shell/server-scope';
export type { ServerScope } from './shell/server-scope';
export { startApp } from './shell/start-app';
export type { StartAppOptions } from './shell/start-app';

// The diner's account screens.
export { CashbackAccountCard } from './account/cashback-account-card';
export type { CashbackAccountCardProps, CashbackEntry } from './account/cashback-account-card';
export { SavingsSummary } from './account/savings-summary';
export type { SavingsSummaryProps, SavingsTotal } from './account/savings-summary';
export { ReferralShareCard } from './account/referral-share-card';
export type { ReferralShareCardProps, ReferralShareStatus } from './account/referral-share-card';
export { NutritionSummary } from './account/nutrition-summary';
export type { NutritionDay, NutritionSummaryProps } from './account/nutrition-summary';
export { PhoneChangePopup } from './account/phone-change-popup';
export type { PhoneChangePopupProps } from './account/phone-change-popup';
export { AddressList } from './account/address-list';
export type { AddressListProps, SavedAddress } from './account/address-list';
export { AllergyEditPopup } from './account/allergy-edit-popup';
export type { AllergyEditPopupProps, AllergySeverityChoice } from './account/allergy-edit-popup';
export { SelectField } from './account/select-field';
export type { SelectFieldProps, SelectOption } from './account/select-field';
export { EInvoiceStatusCard } from './account/einvoice-status-card';
export type { EInvoiceState, EInvoiceStatusCardProps } from './account/einvoice-status-card';

// An order's progress (the diner's order status page, the food court's order parts).
export { OrderTracker, statusWordingKey } from './orders/order-tracker';
export type { TrackedOrder } from './orders/order-tracker';

// The cart's and the payment page's pieces the diner and the food court share.
export { CartLines, EmptyCart } from './cart/cart-lines';
export type { CartLineView, CartLinesProps, EmptyCartProps } from './cart/cart-lines';
export { CartWarnings } from './cart/cart-warnings';
export type { CartWarningsProps } from './cart/cart-warnings';
export { PaymentModeChoice } from './cart/payment-mode-choice';
export type { PaymentMode, PaymentModeChoiceProps } from './cart/payment-mode-choice';
export { PaymentMethodList, paymentMethodChoices } from './payments/payment-method-list';
export type {
  OfferedPaymentMethods,
  PaymentMethodChoice,
  PaymentMethodListProps,
} from './payments/payment-method-list';
export { paymentRailKey } from './payments/payment-rail';
export type { PaymentRailRecord } from './payments/payment-rail';
export { PaymentOutcome } from './payments/payment-outcome';
export { PaymentStep } from './payments/payment-step';
export type { PaymentPageView, PaymentStepProps } from './payments/payment-step';
export { KioskPaymentReturn } from './payments/kiosk-payment-return';
export type { PaymentOutcomeProps } from './payments/payment-outcome';
export { paymentStatusKey, refundSummary } from './payments/payment-words';
export type { RefundHistory } from './payments/payment-words';

// Table bookings.
export { BookingQueryFields, BookingSlotPicker } from './bookings/booking-fields';
export type {
  BookingQuery,
  BookingQueryFieldsProps,
  BookingSlotOption,
  BookingSlotPickerProps,
} from './bookings/booking-fields';
export { BookingSummary } from './bookings/booking-summary';
export type { BookingFacts, BookingSummaryProps } from './bookings/booking-summary';
export { bookingDateText, bookingInstantText } from './bookings/booking-format';
export { CancelOrModifyBookingPopup } from './bookings/cancel-or-modify-booking-popup';
export type {
  BookingAction,
  BookingChange,
  CancelOrModifyBookingPopupProps,
} from './bookings/cancel-or-modify-booking-popup';

// Reviews: the 1–5 star input of the review screen and a dish's rating on menus.
export { StarRatingInput, STAR_VALUES } from './reviews/star-rating-input';
export type { StarRatingInputProps } from './reviews/star-rating-input';
export { DishRating } from './reviews/dish-rating';
export type { DishRatingProps } from './reviews/dish-rating';

// Food court: outlets, order type in mall mode, coupons per outlet, an order's parts.
export { OutletCard, cuisineText } from './foodcourt/outlet-card';
export type { OutletCardProps, OutletSummary } from './foodcourt/outlet-card';
export { FoodCourtOrderTypePopup } from './foodcourt/food-court-order-type-popup';
export type { FoodCourtOrderTypePopupProps } from './foodcourt/food-court-order-type-popup';
export { FoodCourtCoupons } from './foodcourt/food-court-coupons';
export type {
  AppliedOutletCoupon,
  FoodCourtCouponOffer,
  FoodCourtCouponsProps,
} from './foodcourt/food-court-coupons';
export { FoodCourtPartCard } from './foodcourt/food-court-part-card';
export type { FoodCourtPart, FoodCourtPartCardProps } from './foodcourt/food-court-part-card';

// The counter kiosk's pieces (apps/kiosk).
export { KioskTile } from './kiosk/kiosk-tile';
export type { KioskTileProps } from './kiosk/kiosk-tile';
export { KioskLanguagePicker } from './kiosk/kiosk-language-picker';
export type { KioskLanguagePickerProps } from './kiosk/kiosk-language-picker';
export { KioskIdleWarning } from './kiosk/kiosk-idle-warning';
export type { KioskIdleWarningProps } from './kiosk/kiosk-idle-warning';
export { KioskOrderNumber } from './kiosk/kiosk-order-number';
export type { KioskNumber, KioskOrderNumberProps } from './kiosk/kiosk-order-number';
export { KioskQueueStatus } from './kiosk/kiosk-queue-status';
export type { KioskQueueStatusProps, KioskQueueTicket } from './kiosk/kiosk-queue-status';
export { QrMatrix } from './kiosk/qr-matrix';
export type { QrMatrixProps } from './kiosk/qr-matrix';

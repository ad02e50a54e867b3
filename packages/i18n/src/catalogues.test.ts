import { BILL_LINE_KEY, MESSAGE_KEYS, PAYMENT_PAGE_STATES, STATUS_WORDING_KEYS } from '@santap/domain';
import type { MessageKey } from '@santap/domain';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages';
import { TRANSLATION_KEYS, hasKey, resources } from './resources';

const en: Record<string, string> = resources.en.translation;
import type { TranslationKey } from './resources';

/** The interpolation names in a message: `'In {{ seconds }}s {{x, number}}'` -> `['seconds', 'x']`. */
function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^\s,}]+)[^}]*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const englishKeys = Object.keys(en).sort();

describe('catalogue completeness', () => {
  it.each(SUPPORTED_LANGUAGES)('%s -> has every English key', (lang) => {
    const keys = new Set(Object.keys(resources[lang].translation));
    expect(englishKeys.filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> has no key English lacks', (lang) => {
    const extra = Object.keys(resources[lang].translation).filter((key) => !hasKey(key));
    expect(extra).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> no value is empty or blank', (lang) => {
    const empty = Object.entries(resources[lang].translation).filter(([, value]) => value.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> same placeholders as English for every key', (lang) => {
    const catalogue = resources[lang].translation;
    const mismatched = TRANSLATION_KEYS.filter(
      (key) => placeholdersOf(catalogue[key]).join() !== placeholdersOf(en[key] ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> every domain MESSAGE key', (lang) => {
    const catalogue: Record<string, string> = resources[lang].translation;
    expect(MESSAGE_KEYS.filter((key) => catalogue[key] === undefined)).toEqual([]);
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> every domain status wording and bill line key', (lang) => {
    const catalogue: Record<string, string> = resources[lang].translation;
    const domainKeys = [...STATUS_WORDING_KEYS, ...Object.values(BILL_LINE_KEY)];
    expect(domainKeys.filter((key) => catalogue[key] === undefined)).toEqual([]);
  });

  it('payment.* keys -> exactly one per PAYMENT_PAGE_STATES state of @santap/domain', () => {
    const paymentKeys = TRANSLATION_KEYS.filter((key) => key.startsWith('payment.'));
    expect(paymentKeys.sort()).toEqual(PAYMENT_PAGE_STATES.map((state) => `payment.${state}`).sort());
  });

  it('domain MessageKey -> is a TranslationKey at compile time too', () => {
    expectTypeOf<MessageKey>().toExtend<TranslationKey>();
  });

  it('TRANSLATION_KEYS -> exactly the English keys, each once', () => {
    expect([...TRANSLATION_KEYS].sort()).toEqual(englishKeys);
  });

  it('keys -> flat dotted camelCase names, never a ":" (no namespace separator)', () => {
    for (const key of TRANSLATION_KEYS) expect(key).toMatch(/^[a-z][a-zA-Z]*(\.[a-z][a-zA-Z0-9]*)+$/);
  });
});

describe('placeholdersOf (the helper the placeholder check relies on)', () => {
  it("'In {{ seconds }}s, {{max}} max, {{x, number}}' -> [max, seconds, x]", () => {
    expect(placeholdersOf('In {{ seconds }}s, {{max}} max, {{x, number}}')).toEqual(['max', 'seconds', 'x']);
  });

  it("'Sila cuba lagi' -> []", () => {
    expect(placeholdersOf('Sila cuba lagi')).toEqual([]);
  });
});

describe('translations are not English copies', () => {
  // Words that are the same in the language: product and tax names with a rate, and loanwords
  // Indonesian receipts use as they are. Anything else equal to English is an untranslated copy.
  // The payment rails by their brand names (GrabPay, Touch 'n Go eWallet...), as printed on phones.
  const RAIL_NAMES: readonly TranslationKey[] = [
    'pay.rail.gopay',
    'pay.rail.ovo',
    'pay.rail.grabPay',
    'pay.rail.qris',
    'pay.rail.tngEwallet',
    'pay.rail.boost',
    'pay.rail.shopeePay',
    'pay.rail.duitnowQr',
  ];
  const SAME_AS_ENGLISH: Readonly<Record<'id' | 'my', readonly TranslationKey[]>> = {
    id: ['bill.sst', 'bill.pb1', 'bill.pbjt', 'bill.subtotal', 'bill.total', ...RAIL_NAMES],
    my: ['bill.sst', 'bill.pb1', 'bill.pbjt', ...RAIL_NAMES],
  };

  it.each(['id', 'my'] as const)('%s -> differs from English except product and tax names', (lang) => {
    const catalogue = resources[lang].translation;
    const copies = TRANSLATION_KEYS.filter((key) => catalogue[key] === en[key]);
    expect(copies.sort()).toEqual([...SAME_AS_ENGLISH[lang]].sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s -> product names QR, OTP, SST, PB1 kept as they are', (lang) => {
    const catalogue = resources[lang].translation;
    expect(catalogue['errors.invalidQr']).toContain('QR');
    expect(catalogue['errors.incorrectOtp']).toContain('OTP');
    expect(catalogue['bill.sst']).toContain('SST');
    expect(catalogue['bill.sstDeliveryInclusive']).toContain('SST');
    expect(catalogue['bill.pb1']).toContain('PB1');
  });
});

describe('one word for one thing', () => {
  it("id -> an invoice is always 'faktur', never 'invoice'", () => {
    const mixed = TRANSLATION_KEYS.filter((key) => /invoice/i.test(resources.id.translation[key]));
    expect(mixed).toEqual([]);
  });
});

describe('English wording of the spec (§4, §5, §8, §9)', () => {
  const spec: readonly (readonly [TranslationKey, string])[] = [
    ['validation.required', 'Required'],
    ['validation.emailMissingAt', "Please include an '@' in the email address"],
    ['validation.emailInvalidFormat', 'Invalid email format!'],
    ['validation.emailEnterValid', 'Please Enter a valid Email ID'],
    ['validation.selectOrderType', 'Please select order type'],
    ['validation.selectAnyOneOption', 'Please select any one option'],
    ['validation.selectOnlyOneOption', 'Please select only one option'],
    ['validation.optionLimitReached', 'You have reached the maximum limit for this section/add-on'],
    ['errors.invalidToken', 'Your session has expired. Please log in again.'],
    ['errors.somethingWentWrong', 'Something went wrong, please try again'],
    ['errors.invalidQr', 'Invalid QR code.'],
    ['errors.noInternet', 'No Internet Connection'],
    ['errors.qrExpired', 'QR Code Expired!'],
    ['errors.qrNoLongerExists', 'QR Code No Longer Exists!'],
    ['errors.qrAskStaff', 'Please ask the restaurant staff to generate a new QR code for you'],
    ['errors.restaurantClosedForType', 'Restaurant is closed for current order type and date!'],
    ['errors.restaurantClosed', 'Restaurant is currently closed'],
    ['errors.restaurantNotTakingOrders', 'Restaurant is not taking order'],
    ['errors.notAcceptingOrders', 'Currently not accepting orders'],
    ['errors.internalServerError', 'Internal server error'],
    ['errors.runningDineInElsewhere', 'Already running dinein order in different restaurant'],
    ['errors.runningTakeawayElsewhere', 'Already running takeaway order in different restaurant'],
    ['errors.wrongTable', 'Wrong table for dinein order! Please scan again'],
    ['errors.incorrectOtp', 'You have entered an incorrect OTP!'],
    ['errors.verificationFailed', 'Verification failed please try again!'],
    ['errors.couldNotRequestItems', 'Could not request for items'],
    ['errors.itemsNotAvailable', 'Items not available'],
    ['errors.menuBeingUpdated', 'Menu items are being updated, please try again later'],
    ['errors.priceWarning', 'Price Warning'],
    ['errors.deliveryNotSupported', 'Delivery Not Supported'],
    ['errors.paymentFailed', 'Sorry, Payment Failed'],
    ['errors.transactionFailed', 'Oops! Transaction failed'],
    ['errors.transactionFailedRefund', 'Any amount deducted will be refunded in 5-7 working days'],
    ['errors.couldNotSendInvoice', "Couldn't Send Invoice"],
    ['errors.addressNotFound', 'Address Not Found'],
    ['errors.locationPermissionOff', 'Location Permission is off'],
    ['errors.otpResendCooldown', 'You can request a new OTP in {{seconds}} seconds'],
    ['status.waitingConfirmation', 'Waiting for restaurant confirmation'],
    ['status.scheduledAccepted', 'Scheduled and accepted'],
    ['status.onTheWay', 'On the way'],
    ['status.itemDeclined', 'Item declined'],
    ['bill.serviceCharge', 'Service Charge {{rate}}'],
    ['bill.sst', 'SST {{rate}}'],
    ['bill.sstDeliveryInclusive', 'inclusive delivery SST {{rate}}'],
    ['bill.pb1', 'PB1 {{rate}}'],
    ['bill.pbjt', 'PBJT {{rate}}'],
    ['bill.discount.loyalty', 'Loyalty cashback'],
    ['bill.rounding', 'Rounding adjustment'],
    ['orderType.dineIn', 'Dine-in'],
    ['orderType.takeaway', 'Takeaway'],
    ['orderTime.asap', 'ASAP'],
    ['refund.bank', '3-5 days'],
    ['refund.failedPayment', '5-7 working days'],
  ];

  it.each(spec)('en %s -> %j', (key, words) => {
    expect(en[key]).toBe(words);
  });
});

describe('Indonesian and Malay spot checks', () => {
  const expected: readonly (readonly [TranslationKey, string, string])[] = [
    ['validation.required', 'Wajib diisi', 'Diperlukan'],
    ['errors.invalidQr', 'Kode QR tidak valid.', 'Kod QR tidak sah.'],
    ['errors.noInternet', 'Tidak Ada Koneksi Internet', 'Tiada Sambungan Internet'],
    ['orderType.takeaway', 'Bawa Pulang', 'Bawa Pulang'],
    ['bill.serviceCharge', 'Biaya Layanan {{rate}}', 'Caj Perkhidmatan {{rate}}'],
  ];

  it.each(expected)('%s -> id %j, my %j', (key, indonesian, malay) => {
    expect(resources.id.translation[key]).toBe(indonesian);
    expect(resources.my.translation[key]).toBe(malay);
  });
});

describe('hasKey', () => {
  it("'errors.qrExpired' -> true", () => {
    expect(hasKey('errors.qrExpired')).toBe(true);
  });

  it("'bill.discount.coupon' (dotted three deep) -> true", () => {
    expect(hasKey('bill.discount.coupon')).toBe(true);
  });

  it.each(['errors', 'errors.qrExpired.extra', 'toString', '__proto__', 'constructor', ''])(
    '%j -> false',
    (key) => {
      expect(hasKey(key)).toBe(false);
    },
  );
});

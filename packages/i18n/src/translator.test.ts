import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './languages';
import { TRANSLATION_KEYS, i18nOptions, resources } from './resources';
import { createTranslator } from './translator';

describe('createTranslator', () => {
  it("my, 'errors.invalidQr' -> Malay 'Kod QR tidak sah.'", () => {
    expect(createTranslator('my')('errors.invalidQr')).toBe('Kod QR tidak sah.');
  });

  it("id, 'validation.required' -> Indonesian 'Wajib diisi'", () => {
    expect(createTranslator('id')('validation.required')).toBe('Wajib diisi');
  });

  it("en, 'validation.emailMissingAt' -> the spec's words", () => {
    expect(createTranslator('en')('validation.emailMissingAt')).toBe(
      "Please include an '@' in the email address",
    );
  });

  it("my, 'errors.otpResendCooldown' with { seconds: 30 } -> Malay with 30 filled in", () => {
    expect(createTranslator('my')('errors.otpResendCooldown', { seconds: 30 })).toBe(
      'Anda boleh meminta OTP baharu dalam 30 saat',
    );
  });

  it("my, 'bill.serviceCharge' with { rate: '10%' } -> 'Caj Perkhidmatan 10%'", () => {
    expect(createTranslator('my')('bill.serviceCharge', { rate: '10%' })).toBe('Caj Perkhidmatan 10%');
  });

  it("en, 'bill.sstDeliveryInclusive' with { rate: '8%' } -> 'inclusive delivery SST 8%'", () => {
    expect(createTranslator('en')('bill.sstDeliveryInclusive', { rate: '8%' })).toBe(
      'inclusive delivery SST 8%',
    );
  });

  it("id, 'bill.discount.coupon' (dots are not nesting) -> 'Diskon kupon'", () => {
    expect(createTranslator('id')('bill.discount.coupon')).toBe('Diskon kupon');
  });

  it('values are not escaped -> an apostrophe or < stays as typed (React escapes later)', () => {
    expect(createTranslator('en')('errors.otpResendCooldown', { seconds: "<3'" })).toBe(
      "You can request a new OTP in <3' seconds",
    );
  });

  it('a value named lng -> does not switch the language', () => {
    expect(createTranslator('my')('errors.otpResendCooldown', { seconds: 5, lng: 'en' })).toBe(
      'Anda boleh meminta OTP baharu dalam 5 saat',
    );
  });

  it('domain values the message does not use ({ max } on optionLimitReached) -> ignored', () => {
    expect(createTranslator('en')('validation.optionLimitReached', { max: 2 })).toBe(
      'You have reached the maximum limit for this section/add-on',
    );
  });

  it('a missing value -> the placeholder stays visible rather than vanishing', () => {
    expect(createTranslator('en')('errors.otpResendCooldown')).toBe(
      'You can request a new OTP in {{seconds}} seconds',
    );
  });

  it('returns a string at once -> synchronous, no promise', () => {
    const result: unknown = createTranslator('id')('errors.noInternet');
    expect(result).toBe('Tidak Ada Koneksi Internet');
  });

  it.each(SUPPORTED_LANGUAGES)('%s, every key without values -> its catalogue text', (lang) => {
    const t = createTranslator(lang);
    const catalogue = resources[lang].translation;
    for (const key of TRANSLATION_KEYS) expect(t(key)).toBe(catalogue[key]);
  });

  it('an unknown key from outside the types -> the key itself (check with hasKey first)', () => {
    const t = createTranslator('my') as (key: string) => string;
    expect(t('errors.notInTheCatalogue')).toBe('errors.notInTheCatalogue');
  });

  it('two translators -> independent languages on one shared instance', () => {
    const malay = createTranslator('my');
    const english = createTranslator('en');
    expect(malay('errors.cartEmpty')).toBe('Troli anda kosong');
    expect(english('errors.cartEmpty')).toBe('Your cart is empty');
    expect(malay('errors.cartEmpty')).toBe('Troli anda kosong');
  });
});

describe('i18nOptions', () => {
  it('a fresh instance initialised with them -> ready synchronously in the chosen language', () => {
    const instance = i18next.createInstance();
    void instance.init({ ...i18nOptions, lng: 'id' });
    expect(instance.isInitialized).toBe(true);
    expect(instance.t('errors.invalidQr')).toBe('Kode QR tidak valid.');
  });

  it('an unsupported lng -> English fallback', () => {
    const instance = i18next.createInstance();
    void instance.init({ ...i18nOptions, lng: 'fr' });
    expect(instance.t('errors.invalidQr')).toBe('Invalid QR code.');
  });

  it('the settings the apps rely on -> flat keys, en fallback, no escaping, synchronous', () => {
    expect(i18nOptions).toMatchObject({
      fallbackLng: 'en',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      defaultNS: 'translation',
    });
    expect(i18nOptions.resources).toBe(resources);
  });
});

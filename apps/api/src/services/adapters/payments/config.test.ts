import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../config';
import { DEV_SIMULATOR_KEY, defaultPaymentConfig, paymentConfigFromEnv } from './config';
import { callGateway, decimalToMinor } from './http';

describe('paymentConfigFromEnv', () => {
  it('no payment env in development -> simulator on with the dev key, default simulator', () => {
    expect(paymentConfigFromEnv({ NODE_ENV: 'development' })).toEqual({
      defaultProvider: 'simulator',
      simulator: { enabled: true, key: DEV_SIMULATOR_KEY },
    });
  });

  it('no payment env in production -> simulator off, no default (online payment unavailable)', () => {
    expect(paymentConfigFromEnv({ NODE_ENV: 'production' })).toMatchObject({
      defaultProvider: null,
      simulator: { enabled: false },
    });
  });

  it('SIMULATOR=on in production without SIMULATOR_KEY -> refused (the dev key is public)', () => {
    expect(() => paymentConfigFromEnv({ NODE_ENV: 'production', SIMULATOR: 'on' })).toThrow(/SIMULATOR_KEY/);
    expect(() =>
      paymentConfigFromEnv({ NODE_ENV: 'production', SIMULATOR: 'on', SIMULATOR_KEY: 'short' }),
    ).toThrow(/SIMULATOR_KEY/);
  });

  it('Midtrans keys -> sandbox by default, production when MIDTRANS_ENV=production', () => {
    expect(paymentConfigFromEnv({ MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' }).midtrans).toEqual({
      serverKey: 'SB-Mid-server-x',
      env: 'sandbox',
    });
    expect(
      paymentConfigFromEnv({
        MIDTRANS_SERVER_KEY: 'Mid-server-x',
        MIDTRANS_CLIENT_KEY: 'Mid-client-x',
        MIDTRANS_ENV: 'production',
      }).midtrans,
    ).toEqual({ serverKey: 'Mid-server-x', clientKey: 'Mid-client-x', env: 'production' });
  });

  it('empty values (KEY= in an env file) -> not configured', () => {
    expect(
      paymentConfigFromEnv({ MIDTRANS_SERVER_KEY: '', DOKU_CLIENT_ID: ' ', DOKU_SECRET_KEY: '' }),
    ).toEqual({
      defaultProvider: 'simulator',
      simulator: { enabled: true, key: DEV_SIMULATOR_KEY },
    });
  });

  it('DOKU with a client id but no secret -> refused, naming the missing key', () => {
    expect(() => paymentConfigFromEnv({ DOKU_CLIENT_ID: 'BRN-1' })).toThrow(/DOKU_SECRET_KEY/);
  });

  it('GrabPay partly configured -> refused, naming every missing key', () => {
    expect(() => paymentConfigFromEnv({ GRABPAY_PARTNER_ID: 'p', GRABPAY_PARTNER_SECRET: 's' })).toThrow(
      /set GRABPAY_MERCHANT_ID, GRABPAY_CLIENT_ID, GRABPAY_CLIENT_SECRET too/,
    );
  });

  it('GrabPay keys without GRABPAY_REDIRECT_URL -> configured, the return route derived from the public URL later', () => {
    const grabpay = paymentConfigFromEnv({
      GRABPAY_PARTNER_ID: 'p',
      GRABPAY_PARTNER_SECRET: 'ps',
      GRABPAY_MERCHANT_ID: 'm',
      GRABPAY_CLIENT_ID: 'c',
      GRABPAY_CLIENT_SECRET: 'cs',
    }).grabpay;
    expect(grabpay).toMatchObject({ partnerId: 'p', clientSecret: 'cs' });
    expect(grabpay?.redirectUrl).toBeUndefined();
  });

  it('GrabPay fully configured -> Malaysia, sandbox', () => {
    expect(
      paymentConfigFromEnv({
        GRABPAY_PARTNER_ID: 'p',
        GRABPAY_PARTNER_SECRET: 'ps',
        GRABPAY_MERCHANT_ID: 'm',
        GRABPAY_CLIENT_ID: 'c',
        GRABPAY_CLIENT_SECRET: 'cs',
        GRABPAY_REDIRECT_URL: 'https://santap.example/return',
      }).grabpay,
    ).toEqual({
      partnerId: 'p',
      partnerSecret: 'ps',
      merchantId: 'm',
      clientId: 'c',
      clientSecret: 'cs',
      redirectUrl: 'https://santap.example/return',
      env: 'sandbox',
      country: 'MY',
    });
  });

  it('PAYMENT_PROVIDER_DEFAULT names an unconfigured provider -> refused', () => {
    expect(() => paymentConfigFromEnv({ PAYMENT_PROVIDER_DEFAULT: 'doku' })).toThrow(/not configured/);
  });

  it('PAYMENT_PROVIDER_DEFAULT=midtrans with its key -> midtrans is the default', () => {
    expect(
      paymentConfigFromEnv({ PAYMENT_PROVIDER_DEFAULT: 'midtrans', MIDTRANS_SERVER_KEY: 'k' })
        .defaultProvider,
    ).toBe('midtrans');
  });

  it('production with DOKU keys only, no default named -> doku', () => {
    expect(
      paymentConfigFromEnv({ NODE_ENV: 'production', DOKU_CLIENT_ID: 'BRN-1', DOKU_SECRET_KEY: 'SK-1' })
        .defaultProvider,
    ).toBe('doku');
  });

  it('an unknown MIDTRANS_ENV -> refused', () => {
    expect(() => paymentConfigFromEnv({ MIDTRANS_SERVER_KEY: 'k', MIDTRANS_ENV: 'live' })).toThrow();
  });

  it('configFromEnv -> carries the payment config', () => {
    const config = configFromEnv({ NODE_ENV: 'development', MIDTRANS_SERVER_KEY: 'SB-Mid-server-x' });
    expect(config.payments?.midtrans?.serverKey).toBe('SB-Mid-server-x');
  });

  it('defaultPaymentConfig(test) -> simulator only, whatever keys the process environment holds', () => {
    expect(defaultPaymentConfig('test')).toEqual({
      defaultProvider: 'simulator',
      simulator: { enabled: true, key: DEV_SIMULATOR_KEY },
    });
  });
});

describe('decimalToMinor (amounts at the gateway edge)', () => {
  const cases: [string, 'MYR' | 'IDR', number | undefined][] = [
    ['100000.00', 'IDR', 100_000],
    ['100000', 'IDR', 100_000],
    ['100000.50', 'IDR', undefined],
    ['12.50', 'MYR', 1250],
    ['12.5', 'MYR', 1250],
    ['12', 'MYR', 1200],
    ['0.05', 'MYR', 5],
    ['12.505', 'MYR', undefined],
    ['-1.00', 'MYR', undefined],
    ['1e3', 'IDR', undefined],
    ['', 'IDR', undefined],
  ];
  for (const [value, currency, minor] of cases) {
    it(`'${value}' ${currency} -> ${minor}`, () => expect(decimalToMinor(value, currency)).toBe(minor));
  }
});

describe('callGateway', () => {
  it('a non-JSON body -> body undefined, the text kept', async () => {
    const response = await callGateway(
      'doku',
      async () => ({ status: 502, text: async () => '<html>Bad Gateway</html>' }),
      'https://api.doku.com/x',
      {
        method: 'GET',
        headers: {},
      },
    );
    expect(response).toEqual({ status: 502, body: undefined, text: '<html>Bad Gateway</html>' });
  });

  it('an abort (platform time-out) -> a timeout error', async () => {
    const abort = Object.assign(new Error('The operation was aborted due to timeout'), {
      name: 'TimeoutError',
    });
    await expect(
      callGateway('midtrans', () => Promise.reject(abort), 'https://api.midtrans.com/v2/x/status', {
        method: 'GET',
        headers: {},
      }),
    ).rejects.toMatchObject({ code: 'timeout', retryable: true });
  });
});

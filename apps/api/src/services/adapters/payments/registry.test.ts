import { describe, expect, it, vi } from 'vitest';
import { payments as paymentApi } from '@santap/contract';
import { paymentConfigFromEnv } from './config';
import { PaymentGatewayError } from './http';
import type { HttpFetch, PaymentProvider } from './provider';
import { GATEWAYS, createPaymentProviders, gatewayOrigins, providerFor, providerTakes } from './registry';

const simulator: PaymentProvider = {
  name: 'simulator',
  create: () => Promise.reject(new Error('not in these tests')),
  verifyNotification: () => null,
  queryStatus: () => Promise.reject(new Error('not in these tests')),
  refund: () => Promise.reject(new Error('not in these tests')),
};

const MIDTRANS = { MIDTRANS_SERVER_KEY: 'SB-Mid-server-TEST' };
const DOKU = { DOKU_CLIENT_ID: 'BRN-0001', DOKU_SECRET_KEY: 'SK-TEST' };
const GRABPAY = {
  GRABPAY_PARTNER_ID: 'p',
  GRABPAY_PARTNER_SECRET: 'ps',
  GRABPAY_MERCHANT_ID: 'm',
  GRABPAY_CLIENT_ID: 'c',
  GRABPAY_CLIENT_SECRET: 'cs',
  GRABPAY_REDIRECT_URL: 'https://santap.example/api/payments/grabpay/return',
};

/** A fetch that must not be called: registry construction never calls out. */
const silentFetch: HttpFetch = () => Promise.reject(new Error('no network in registry tests'));

const namesOf = (env: NodeJS.ProcessEnv) => [
  ...createPaymentProviders(paymentConfigFromEnv(env), { simulator, fetch: silentFetch }).keys(),
];

describe('registry', () => {
  it('development without keys -> simulator only', () => {
    expect(namesOf({ NODE_ENV: 'development' })).toEqual(['simulator']);
  });

  it('Midtrans server key set -> midtrans present', () => {
    expect(namesOf({ NODE_ENV: 'development', ...MIDTRANS })).toEqual(['simulator', 'midtrans']);
  });

  it('all gateway keys -> every adapter present, each its own name', () => {
    const providers = createPaymentProviders(
      paymentConfigFromEnv({ NODE_ENV: 'development', ...MIDTRANS, ...DOKU, ...GRABPAY }),
      { simulator, fetch: silentFetch },
    );
    expect([...providers.keys()]).toEqual(['simulator', 'midtrans', 'doku', 'grabpay']);
    for (const [name, provider] of providers) expect(provider.name).toBe(name);
  });

  it('production without keys -> no provider at all (no simulator)', () => {
    expect(namesOf({ NODE_ENV: 'production' })).toEqual([]);
  });

  it('production with Midtrans keys -> midtrans only', () => {
    expect(namesOf({ NODE_ENV: 'production', ...MIDTRANS })).toEqual(['midtrans']);
  });

  it('production with SIMULATOR=on and a key -> simulator (a demo deployment)', () => {
    expect(
      namesOf({ NODE_ENV: 'production', SIMULATOR: 'on', SIMULATOR_KEY: 'a-long-simulator-key' }),
    ).toEqual(['simulator']);
  });

  it('SIMULATOR=off in development with DOKU keys -> doku only', () => {
    expect(namesOf({ NODE_ENV: 'development', SIMULATOR: 'off', ...DOKU })).toEqual(['doku']);
  });

  it('GrabPay without GRABPAY_REDIRECT_URL -> redirect_uri is the return route on the public URL', async () => {
    const { GRABPAY_REDIRECT_URL: _override, ...keys } = GRABPAY;
    const calls: string[] = [];
    const fetch: HttpFetch = async (_url, init) => {
      calls.push(init.body ?? '');
      return {
        status: 200,
        text: async () => JSON.stringify({ partnerTxID: 'SNTP-1-abcdef', request: 'r' }),
      };
    };
    const providers = createPaymentProviders(paymentConfigFromEnv({ NODE_ENV: 'production', ...keys }), {
      simulator,
      fetch,
      publicUrl: 'https://santap.example/',
    });
    const created = await providers.get('grabpay')!.create({
      reference: 'SNTP-1-abcdef',
      amount: 100,
      currency: 'MYR',
      method: 'Wallet',
      description: 'x',
      language: 'en',
      returnUrl: 'https://santap.example/payment/response?order_id=1',
      notifyUrl: 'https://santap.example/api/payments/webhook/grabpay',
    });
    expect(new URL(created.redirectUrl!).searchParams.get('redirect_uri')).toBe(
      'https://santap.example/api/payments/grabpay/return',
    );
    // Neither a public URL nor the override: refused at start-up, not at the first payment.
    expect(() =>
      createPaymentProviders(paymentConfigFromEnv({ NODE_ENV: 'production', ...keys }), {
        simulator,
        fetch: silentFetch,
      }),
    ).toThrow(/public URL/);
  });

  it('building the providers -> no network call', () => {
    const fetch = vi.fn<HttpFetch>();
    createPaymentProviders(
      paymentConfigFromEnv({ NODE_ENV: 'development', ...MIDTRANS, ...DOKU, ...GRABPAY }),
      {
        simulator,
        fetch,
      },
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a gateway call through the registry -> reaches the injected fetch, with the injected clock', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fetch: HttpFetch = async (url, init) => {
      calls.push({ url, headers: init.headers });
      return { status: 200, text: async () => JSON.stringify({ transaction: { status: 'PENDING' } }) };
    };
    const providers = createPaymentProviders(paymentConfigFromEnv({ NODE_ENV: 'development', ...DOKU }), {
      simulator,
      fetch,
      now: () => new Date('2026-11-23T04:00:00Z'),
    });
    expect((await providers.get('doku')!.queryStatus('SNTP-1')).status).toBe('pending');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api-sandbox.doku.com/orders/v1/status/SNTP-1');
    expect(calls[0]!.headers['Request-Timestamp']).toBe('2026-11-23T04:00:00Z');
  });

  it('a gateway that never answers -> a timeout PaymentGatewayError after the time-out', async () => {
    vi.useFakeTimers();
    try {
      const hanging: HttpFetch = () => new Promise(() => {});
      const providers = createPaymentProviders(
        paymentConfigFromEnv({ NODE_ENV: 'development', ...MIDTRANS }),
        {
          simulator,
          fetch: hanging,
          timeoutMs: 30_000,
        },
      );
      const status = providers
        .get('midtrans')!
        .queryStatus('SNTP-1')
        .catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(29_999);
      let settled = false;
      void status.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await status;
      expect(error).toBeInstanceOf(PaymentGatewayError);
      expect(error).toMatchObject({ code: 'timeout', retryable: true });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('providerFor', () => {
  const config = paymentConfigFromEnv({ NODE_ENV: 'production', ...MIDTRANS, ...GRABPAY });
  const providers = createPaymentProviders(config, { simulator, fetch: silentFetch });

  it('IDR -> midtrans; MYR -> grabpay (each charges its own currency)', () => {
    expect(providerFor(providers, config, 'IDR')?.name).toBe('midtrans');
    expect(providerFor(providers, config, 'MYR')?.name).toBe('grabpay');
  });

  it('a preferred provider that cannot charge the currency -> the one that can', () => {
    expect(providerFor(providers, config, 'MYR', 'midtrans')?.name).toBe('grabpay');
  });

  it('no provider for the currency -> null', () => {
    const only = paymentConfigFromEnv({ NODE_ENV: 'production', ...DOKU });
    expect(
      providerFor(createPaymentProviders(only, { simulator, fetch: silentFetch }), only, 'MYR'),
    ).toBeNull();
  });

  it('development, default simulator -> simulator for both currencies', () => {
    const dev = paymentConfigFromEnv({ NODE_ENV: 'development', ...MIDTRANS });
    const devProviders = createPaymentProviders(dev, { simulator, fetch: silentFetch });
    expect(providerFor(devProviders, dev, 'IDR')?.name).toBe('simulator');
    expect(providerFor(devProviders, dev, 'IDR', 'midtrans')?.name).toBe('midtrans');
  });
});

describe('the channel picks the rail', () => {
  it.each([
    ['razer', 'Wallet', 'tng_ewallet', true],
    ['razer', 'Net Banking', undefined, true],
    ['razer', 'Wallet', 'duitnow_qr', true],
    ['razer', 'Wallet', 'gopay', false],
    ['grabpay', 'Wallet', 'tng_ewallet', false],
    ['grabpay', 'Card', undefined, false],
    ['midtrans', 'Wallet', 'qris', true],
    ['midtrans', 'Wallet', 'boost', false],
    ['simulator', 'Wallet', 'boost', true],
  ] as const)('%s takes %s %s -> %s', (provider, method, channel, expected) => {
    expect(providerTakes(provider, method, channel)).toBe(expected);
  });
});

describe('what each gateway declares', () => {
  it.each(Object.values(GATEWAYS))(
    '$name -> online methods and channels of the contract, one currency at least',
    (gateway) => {
      expect(gateway.currencies.length).toBeGreaterThan(0);
      for (const method of gateway.methods) expect(paymentApi.ONLINE_PAYMENT_METHODS).toContain(method);
      for (const channel of gateway.channels) expect(paymentApi.PAYMENT_CHANNELS).toContain(channel);
    },
  );

  it('the hosts a payer is sent to -> only the configured gateways, by their environment', () => {
    expect(gatewayOrigins(paymentConfigFromEnv({ NODE_ENV: 'development' }))).toEqual([]);
    expect(
      gatewayOrigins(
        paymentConfigFromEnv({ NODE_ENV: 'production', ...MIDTRANS, MIDTRANS_ENV: 'production', ...GRABPAY }),
      ),
    ).toEqual([
      'https://app.midtrans.com',
      'https://api.midtrans.com',
      'https://partner-api.stg-myteksi.com',
    ]);
    expect(
      gatewayOrigins(
        paymentConfigFromEnv({
          RAZER_MERCHANT_ID: 'm',
          RAZER_VERIFY_KEY: 'v',
          RAZER_SECRET_KEY: 's',
          RAZER_BASE_URL: 'http://127.0.0.1:4100/anything',
        }),
      ),
    ).toEqual(['http://127.0.0.1:4100']);
  });
});

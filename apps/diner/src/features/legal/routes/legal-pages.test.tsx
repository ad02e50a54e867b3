import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { payments } from '@santap/api-client';
import { TRANSLATION_KEYS, resources } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n, TranslationProvider } from '@santap/ui';
import { Component as PrivacyPolicy } from './privacy-policy';
import { Component as ReturnRefund } from './return-refund';
import { Component as TermsCondition } from './terms-condition';

/**
 * What the privacy policy calls each payment gateway the server has an adapter for (the contract's
 * `PAYMENT_PROVIDERS`, the list the server's registry is typed by): a gateway added there does not
 * compile here until it is named, and then the policy must name it. The simulator is the demo's own
 * stand-in, no processor of anyone's data.
 */
const GATEWAY_NAMES: Readonly<Record<(typeof payments.PAYMENT_PROVIDERS)[number], string | null>> = {
  simulator: null,
  midtrans: 'Midtrans',
  doku: 'DOKU',
  grabpay: 'GrabPay',
  razer: 'Razer Merchant Services (Fiuu)',
};

function renderAt(url: string, language: SupportedLanguage) {
  const router = createMemoryRouter(
    [
      { path: '/privacy-policy', Component: PrivacyPolicy },
      { path: '/return-refund', Component: ReturnRefund },
      { path: '/terms-condition', Component: TermsCondition },
    ],
    { initialEntries: [url] },
  );
  render(
    <TranslationProvider i18n={createI18n(language)}>
      <RouterProvider router={router} />
    </TranslationProvider>,
  );
}

describe('legal pages', () => {
  afterEach(cleanup);

  it.each([
    ['/privacy-policy', 'en', 'Privacy Policy', 'UU No. 27 of 2022'],
    ['/privacy-policy', 'id', 'Kebijakan Privasi', 'UU No. 27 Tahun 2022'],
    ['/privacy-policy', 'my', 'Dasar Privasi', 'Akta Perlindungan Data Peribadi 2010'],
    ['/return-refund', 'en', 'Return and Refund Policy', '5-7 working days'],
    ['/return-refund', 'id', 'Kebijakan Pengembalian Dana', '5-7 hari kerja'],
    ['/return-refund', 'my', 'Dasar Pemulangan dan Bayaran Balik', '3-5 hari'],
    [
      '/terms-condition',
      'en',
      'Terms and Conditions',
      '18 or older, or order on behalf of a corporate entity',
    ],
    ['/terms-condition', 'id', 'Syarat dan Ketentuan', 'atas nama badan usaha'],
    ['/terms-condition', 'my', 'Terma dan Syarat', 'bagi pihak entiti korporat'],
  ] as const)('%s in %s -> titled %j and says %j', (url, language, title, phrase) => {
    renderAt(url, language);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.body.textContent).toContain(phrase);
  });

  it.each([
    ['/privacy-policy', 'en', 'Transfers abroad', 'within 3 × 24 hours'],
    ['/privacy-policy', 'id', 'Alergi dan data sensitif lainnya', 'Pasal 46 UU No. 27 Tahun 2022'],
    ['/privacy-policy', 'my', 'Kuki', '21 hari bagi permintaan akses di Malaysia'],
    ['/return-refund', 'en', 'Cashback and coupons', 'Consumer Protection Act 1999'],
    ['/terms-condition', 'id', 'Harga, pajak, dan biaya', 'PB1 atau PBJT'],
    ['/terms-condition', 'my', 'Alahan', 'Tribunal Tuntutan Pengguna Malaysia'],
  ] as const)('%s in %s -> has the section %j and says %j', (url, language, heading, phrase) => {
    renderAt(url, language);
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeTruthy();
    expect(document.body.textContent).toContain(phrase);
  });

  it('a body of two paragraphs -> two <p> in its section', () => {
    renderAt('/privacy-policy', 'en');
    const security = document.getElementById('security')!;
    expect(security.querySelectorAll('p')).toHaveLength(2);
  });

  it('/terms-condition -> "On this page" lists every section, each link to its heading', () => {
    renderAt('/terms-condition', 'en');
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const links = [...contents.querySelectorAll('a')];
    expect(links).toHaveLength(12);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target?.querySelector('h2')?.textContent).toBe(link.textContent);
    }
  });

  it('every legal.* key of the catalogue -> shown on one of the three pages, in every language', () => {
    for (const language of ['en', 'id', 'my'] as const) {
      const shown = new Set<string>();
      for (const url of ['/privacy-policy', '/return-refund', '/terms-condition']) {
        renderAt(url, language);
        shown.add(document.body.textContent ?? '');
        cleanup();
      }
      const text = [...shown].join(' ');
      const catalogue = resources[language].translation;
      const missing = TRANSLATION_KEYS.filter((key) => key.startsWith('legal.')).filter(
        (key) => !catalogue[key].split('\n\n').every((paragraph) => text.includes(paragraph)),
      );
      expect(missing).toEqual([]);
    }
  });

  it.each(['en', 'id', 'my'] as const)(
    '/privacy-policy in %s -> "Who sees it" names every payment gateway the server has an adapter for',
    (language) => {
      renderAt('/privacy-policy', language);
      const share = document.getElementById('share')!.textContent ?? '';
      const gateways = payments.PAYMENT_PROVIDERS.filter((provider) => GATEWAY_NAMES[provider] !== null);
      expect(gateways.length).toBeGreaterThanOrEqual(4);
      for (const provider of gateways) {
        expect(GATEWAY_NAMES[provider], `the policy's name for ${provider}`).toBeTruthy();
        expect(share).toContain(GATEWAY_NAMES[provider]);
      }
    },
  );

  it.each([
    ['en', "we send the restaurant's email address or phone number in its place"],
    ['id', 'kami mengirim alamat email atau nomor telepon restoran sebagai gantinya'],
    ['my', 'kami menghantar alamat e-mel atau nombor telefon restoran sebagai gantinya'],
  ] as const)(
    "/privacy-policy in %s -> a diner who gave no email or mobile: the restaurant's go to the gateway",
    (language, phrase) => {
      renderAt('/privacy-policy', language);
      expect(document.getElementById('share')!.textContent).toContain(phrase);
    },
  );

  it('/privacy-policy -> links to the other two policies, not to itself', () => {
    renderAt('/privacy-policy', 'en');
    const nav = screen.getByRole('navigation', { name: 'Other policies' });
    const links = [...nav.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/return-refund', '/terms-condition']);
  });
});

import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TranslationProvider } from '@santap/ui';
import type { SupportedLanguage } from '@santap/i18n';
import { startI18n } from '../../../lib/i18n';
import { OrderNumbers } from './order-numbers';

const TICKETS = [
  { restaurantName: 'Nasi Lemak Mak Jah', queueNo: 12 },
  { restaurantName: 'Roti Canai Raju', queueNo: 1 },
];

async function renderIn(language: SupportedLanguage, byOutlet: boolean) {
  const i18n = await startI18n(language);
  render(
    <TranslationProvider i18n={i18n}>
      <OrderNumbers tickets={byOutlet ? TICKETS : TICKETS.slice(0, 1)} byOutlet={byOutlet} />
    </TranslationProvider>,
  );
  return within(screen.getByRole('region')).getAllByRole('listitem');
}

describe('OrderNumbers', () => {
  it.each([
    ['en', ['Collect at the Nasi Lemak Mak Jah counter#12', 'Collect at the Roti Canai Raju counter#1']],
    ['id', ['Ambil di gerai Nasi Lemak Mak Jah#12', 'Ambil di gerai Roti Canai Raju#1']],
    ['my', ['Ambil di gerai Nasi Lemak Mak Jah#12', 'Ambil di gerai Roti Canai Raju#1']],
  ] as const)(
    "food-court order in %s -> one number per stall, each saying which stall's counter to collect it at",
    async (language, rows) => {
      const items = await renderIn(language, true);
      expect(items.map((item) => item.textContent)).toEqual(rows);
      // The stall's name is drawn emphasised inside the sentence, wherever the language puts it.
      expect(items.map((item) => item.querySelector('.st-kiosk-number__name')?.textContent)).toEqual([
        'Nasi Lemak Mak Jah',
        'Roti Canai Raju',
      ]);
    },
  );

  it("restaurant order -> its one number, no stall's name (the counter is said under it)", async () => {
    const items = await renderIn('en', false);
    expect(items.map((item) => item.textContent)).toEqual(['12']);
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SupportedLanguage } from '@santap/i18n';
import { createI18n, TranslationProvider } from '@santap/ui';
import type { MenuItemData } from '../../../lib/api-types';
import { itemFixture } from '../../../lib/testing/fixtures';
import { ItemCard } from './item-card';

afterEach(cleanup);

function renderCard(overrides: Partial<MenuItemData>, language: SupportedLanguage = 'en') {
  const item = itemFixture({ id: 7, name: 'Test dish', ...overrides });
  render(
    <TranslationProvider i18n={createI18n(language)}>
      <ul>
        <ItemCard item={item} currency="MYR" onOpen={() => undefined} />
      </ul>
    </TranslationProvider>,
  );
  return screen.getByRole('article', { name: 'Test dish' });
}

const BADGES = ['Halal certified', 'No pork', 'Contains alcohol'] as const;
/** Which of the three dietary badges the card shows, by their words. */
const dietaryBadges = (card: HTMLElement) =>
  BADGES.filter((words) => within(card).queryByText(words, { exact: false }) !== null);

describe('dietary badges on a dish card', () => {
  it('halal -> "Halal certified" only', () => {
    expect(dietaryBadges(renderCard({ halal: true }))).toEqual(['Halal certified']);
  });

  it('halal and no pork -> "Halal certified" alone (halal says more; no second badge)', () => {
    expect(dietaryBadges(renderCard({ halal: true, no_pork: true }))).toEqual(['Halal certified']);
  });

  it('not halal, no pork -> "No pork"', () => {
    expect(dietaryBadges(renderCard({ no_pork: true }))).toEqual(['No pork']);
  });

  it('contains alcohol -> "Contains alcohol", and never "Halal certified" unless the data says halal', () => {
    expect(dietaryBadges(renderCard({ contains_alcohol: true }))).toEqual(['Contains alcohol']);
  });

  it('no flags -> no dietary badge', () => {
    expect(dietaryBadges(renderCard({}))).toEqual([]);
  });

  it('Indonesian -> the words of the id catalogue ("Bersertifikat halal", "Mengandung alkohol")', () => {
    const card = renderCard({ halal: true, contains_alcohol: true }, 'id');
    expect(within(card).getByText(/Bersertifikat halal/)).toBeTruthy();
    expect(within(card).queryByText(/Halal certified/)).toBeNull();
    expect(within(card).getByText(/alkohol/i)).toBeTruthy();
  });
});

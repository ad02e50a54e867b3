import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n, TranslationProvider } from '@santap/ui';
import { CartBar } from './cart-bar';

afterEach(cleanup);

describe('CartBar', () => {
  it("1 item, RM 11.00 -> 'Items: 1 · View cart · RM 11.00', the parts never run together", () => {
    render(
      <TranslationProvider i18n={createI18n('en')}>
        <CartBar count={1} total={1100} currency="MYR" onOpen={() => undefined} />
      </TranslationProvider>,
    );
    const bar = screen.getByRole('button', { name: 'Items: 1 · View cart · RM 11.00' });
    expect(bar.textContent).toBe('Items: 1 · View cart · RM 11.00');
  });
});

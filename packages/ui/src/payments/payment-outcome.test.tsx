import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { PaymentOutcome } from './payment-outcome';
import type { PaymentOutcomeProps } from './payment-outcome';

afterEach(cleanup);

// The state comes from `usePaymentOutcome` of `@santap/web` (its own test): here, how each one reads.
const shown = (state: PaymentOutcomeProps['state']) =>
  renderIn(<PaymentOutcome state={state} gaveUp={false} onRetry={vi.fn()} link={null} successText="paid" />);

describe('PaymentOutcome', () => {
  it('success -> Thank you!', async () => {
    shown('success');
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
  });

  it('failed -> the failure wording with another method', async () => {
    shown('failed');
    expect(await screen.findByRole('heading', { name: 'Sorry, Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try another payment method' })).toBeTruthy();
    expect(await screen.findByText('Oops! Transaction failed')).toBeTruthy();
  });
});

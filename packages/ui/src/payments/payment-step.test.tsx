import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { paymentMethodChoices } from './payment-method-list';
import { PaymentStep } from './payment-step';
import type { PaymentPageView, PaymentStepProps } from './payment-step';

afterEach(cleanup);

const STARTED = new Date('2025-03-14T12:00:00Z');
const choices = paymentMethodChoices({ online_methods: ['Card'], channels: [] }, false);

function renderStep(props: Partial<PaymentStepProps>, page: Partial<PaymentPageView> = {}) {
  const all: PaymentStepProps = {
    page: {
      lock: undefined,
      busy: false,
      checking: false,
      unlocking: false,
      error: undefined,
      checkNow: vi.fn(() => Promise.resolve()),
      checkAgain: vi.fn(() => Promise.resolve()),
      unlock: vi.fn(() => Promise.resolve()),
      ...page,
    },
    now: () => new Date(STARTED.getTime() + 42_000),
    choices,
    choice: choices[0],
    onChoose: vi.fn(),
    paid: false,
    orderLink: <a href="/order/7">View order</a>,
    ...props,
  };
  renderIn(<PaymentStep {...all} />);
  return all.page;
}

describe('PaymentStep', () => {
  it('paid -> "already paid" with the link to the order, and no method to choose', () => {
    renderStep({ paid: true, notice: <p>Scheduled orders are paid first</p> });
    expect(screen.getByRole('link', { name: 'View order' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText('Scheduled orders are paid first')).toBeNull();
  });

  it('no method on offer -> the no-methods warning instead of the list', () => {
    renderStep({ choices: [], choice: undefined });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(
      screen.getByText('Online payment is not available at this restaurant right now. Please ask the staff.'),
    ).toBeTruthy();
  });

  it('locked 42 s ago: Unlock -> onUnlock; while unlocking, a second tap -> nothing', async () => {
    const user = userEvent.setup();
    const first = renderStep({}, { lock: { startedAt: STARTED } });
    await user.click(screen.getByRole('button', { name: 'Unlock cart' }));
    expect(first.unlock).toHaveBeenCalledOnce();
    cleanup();
    const second = renderStep({}, { lock: { startedAt: STARTED }, unlocking: true });
    await user.click(screen.getByRole('button', { name: 'Unlock cart' }));
    expect(second.unlock).not.toHaveBeenCalled();
  });
});

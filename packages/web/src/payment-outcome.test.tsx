import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentStateFromStatus, usePaymentOutcome } from './payment-outcome';
import type { PaymentCheck } from './payment-outcome';

afterEach(cleanup);

describe('paymentStateFromStatus', () => {
  it.each([
    ['1', 'success'],
    ['2', 'failed'],
    ['0', 'processing'],
    [null, 'initiated'],
    ['9', 'initiated'],
  ] as const)('status %s -> %s', (status, state) => expect(paymentStateFromStatus(status)).toBe(state));
});

/** The hook's state as text; `PaymentOutcome` of `@santap/ui` words each state (its own test). */
function Harness({ status, check }: { status: string | null; check?: () => Promise<PaymentCheck> }) {
  const { state, gaveUp } = usePaymentOutcome(status, check);
  return <p data-testid="outcome">{`${state}${gaveUp ? ' gave up' : ''}`}</p>;
}

const outcome = () => screen.getByTestId('outcome').textContent;

describe('usePaymentOutcome', () => {
  it('status 0, the server then says paid -> success', async () => {
    const check = vi.fn(async () => ({ order_payment_status: 'paid', payment: null }));
    render(<Harness status="0" check={check} />);
    await waitFor(() => expect(outcome()).toBe('success'));
    expect(check).toHaveBeenCalledOnce();
  });

  it('status 0, the server says failure -> failed', async () => {
    render(
      <Harness
        status="0"
        check={async () => ({ order_payment_status: 'failed', payment: { result: 2, page_state: 'failed' } })}
      />,
    );
    await waitFor(() => expect(outcome()).toBe('failed'));
  });

  it('status 2 -> failed without asking the server', async () => {
    const check = vi.fn(async () => ({ order_payment_status: 'paid', payment: null }));
    render(<Harness status="2" check={check} />);
    expect(outcome()).toBe('failed');
    await waitFor(() => expect(check).not.toHaveBeenCalled());
  });
});

import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { PaymentOutcome, paymentStateFromStatus, usePaymentOutcome } from './payment-outcome';
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

function Harness({ status, check }: { status: string | null; check?: () => Promise<PaymentCheck> }) {
  const { state, gaveUp } = usePaymentOutcome(status, check);
  return <PaymentOutcome state={state} gaveUp={gaveUp} onRetry={vi.fn()} link={null} successText="paid" />;
}

describe('usePaymentOutcome', () => {
  it('status 0, the server then says paid -> success', async () => {
    const check = vi.fn(async () => ({ order_payment_status: 'paid', payment: null }));
    renderIn(<Harness status="0" check={check} />);
    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeTruthy();
    expect(check).toHaveBeenCalledOnce();
  });

  it('status 0, the server says failure -> the failure wording with another method', async () => {
    renderIn(
      <Harness
        status="0"
        check={async () => ({ order_payment_status: 'failed', payment: { result: 2, page_state: 'failed' } })}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Sorry, Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try another payment method' })).toBeTruthy();
  });

  it('status 2 -> failed without asking the server', async () => {
    const check = vi.fn(async () => ({ order_payment_status: 'paid', payment: null }));
    renderIn(<Harness status="2" check={check} />);
    expect(await screen.findByText('Oops! Transaction failed')).toBeTruthy();
    await waitFor(() => expect(check).not.toHaveBeenCalled());
  });
});

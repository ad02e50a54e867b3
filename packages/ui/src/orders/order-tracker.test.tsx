import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_TYPE } from '@santap/domain';
import type { SupportedLanguage } from '@santap/i18n';
import { renderIn } from '../test/render';
import { OrderTracker } from './order-tracker';
import type { TrackedOrder } from './order-tracker';

afterEach(cleanup);

/** 12:00 in Kuala Lumpur. */
const NOON = Date.parse('2026-11-23T04:00:00Z') / 1000;

const pickup = (overrides: Partial<TrackedOrder> = {}): TrackedOrder => ({
  status: ORDER_STATUS.WAITING_CONFIRMATION,
  status_key: 'status.waitingConfirmation',
  order_type: ORDER_TYPE.PICKUP,
  order_time: 'ASAP',
  created_epoch: NOON,
  scheduled_epoch: null,
  time_zone: 'Asia/Kuala_Lumpur',
  status_history: [{ status: ORDER_STATUS.WAITING_CONFIRMATION, at: NOON }],
  ...overrides,
});

/** Confirmed at 12:02, preparing since 12:05. */
const preparing = pickup({
  status: ORDER_STATUS.PREPARING,
  status_key: 'status.preparing',
  status_history: [
    { status: ORDER_STATUS.WAITING_CONFIRMATION, at: NOON },
    { status: ORDER_STATUS.CONFIRMED, at: NOON + 120 },
    { status: ORDER_STATUS.PREPARING, at: NOON + 300 },
  ],
});

/** Each step as 'name|state|time'. */
function steps(language = 'Order progress') {
  return within(screen.getByRole('list', { name: language }))
    .getAllByRole('listitem')
    .map((item) =>
      [
        item.querySelector('.order-tracker__name')?.firstChild?.textContent,
        item.getAttribute('aria-current') === 'step' ? 'current' : item.className.match(/--(\w+)$/)?.[1],
        item.querySelector('time')?.textContent ?? '',
      ].join('|'),
    );
}

describe("OrderTracker (@santap/ui): the diner's and the food court's order pages", () => {
  it("a pickup order being prepared -> its steps, the current one marked, the times in the restaurant's zone", () => {
    renderIn(<OrderTracker order={preparing} />);
    expect(steps()).toEqual([
      'Order placed|done|12:00',
      'Confirmed by the restaurant|done|12:02',
      'Being prepared|current|12:05',
      'Ready to collect|todo|',
      'Picked up|todo|',
    ]);
    // The status in large type, 'Step n of m' before it for a screen reader and the eye.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Step 3 of 5: Preparing');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.getAttribute('aria-atomic')).toBe('true');
  });

  it('moves when the order does -> the same polite region says the new step (a screen reader hears it)', () => {
    const view = renderIn(<OrderTracker order={preparing} />);
    const region = screen.getByRole('status');
    const ready = pickup({
      status: ORDER_STATUS.READY,
      status_key: 'status.readyForPickup',
      status_history: [...(preparing.status_history ?? []), { status: ORDER_STATUS.READY, at: NOON + 900 }],
    });
    act(() => view.rerender(<OrderTracker order={ready} />));
    // The very element a screen reader watches, its words changed (not a new region it never heard).
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toMatch(/^Step 4 of 5: /);
    expect(steps()[3]).toBe('Ready to collect|current|12:15');
  });

  it('a declined order -> the steps it reached, then the end in words; no current step', () => {
    renderIn(
      <OrderTracker
        order={pickup({
          status: ORDER_STATUS.DECLINED,
          status_key: 'status.declined',
          status_history: [
            { status: ORDER_STATUS.WAITING_CONFIRMATION, at: NOON },
            { status: ORDER_STATUS.DECLINED, at: NOON + 60 },
          ],
        })}
      />,
    );
    const all = steps();
    expect(all.at(-1)).toBe('Declined by the restaurant|end|12:01');
    expect(all.some((step) => step.includes('|current|'))).toBe(false);
    expect(screen.getByRole('status').textContent).not.toMatch(/^Step/);
  });

  it.each<[SupportedLanguage, string, string]>([
    ['id', 'Progres pesanan', 'Langkah 3 dari 5'],
    ['my', 'Kemajuan pesanan', 'Langkah 3 daripada 5'],
  ])('%s -> its own words', (language, label, stepOf) => {
    renderIn(<OrderTracker order={preparing} />, language);
    expect(steps(label)).toHaveLength(5);
    expect(screen.getByRole('status').textContent).toMatch(new RegExp(`^${stepOf}: `));
  });
});

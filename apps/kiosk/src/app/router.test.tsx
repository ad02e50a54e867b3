import { describe, expect, it } from 'vitest';
import { PAY_SCREEN_IDLE_SECONDS } from '../config/paths';
import { routes } from './router';
import type { IdleHandle } from './router';

const idleOf = (path: string) =>
  (routes[0]!.children!.find((route) => route.path === path)?.handle as IdleHandle | undefined)?.idle;

describe('the idle time-out of each screen', () => {
  it('the QR pay screen -> PAY_SCREEN_IDLE_SECONDS (the payer is busy with their phone)', () => {
    expect(PAY_SCREEN_IDLE_SECONDS).toBe(180);
    expect(idleOf('/pay/:orderId')).toBe(PAY_SCREEN_IDLE_SECONDS);
  });

  it("menu and cart -> the kiosk's own; attract, setup and the number screen -> off", () => {
    expect([idleOf('/menu'), idleOf('/cart')]).toEqual(['kiosk', 'kiosk']);
    expect([idleOf('/'), idleOf('/setup'), idleOf('/done/:key')]).toEqual(['off', 'off', 'off']);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootApp } from './boot';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
    setTimeout(() => frame(performance.now()), 16);
    return 1;
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('bootApp', () => {
  it("the app's code -> starts after the next frame, once", async () => {
    const start = vi.fn(() => Promise.resolve());
    bootApp([start]);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('steps -> one after the other, each in a task of its own', async () => {
    const order: string[] = [];
    let finishFramework: () => void = () => undefined;
    const framework = vi.fn(
      () => new Promise<void>((resolve) => (finishFramework = () => (order.push('framework'), resolve()))),
    );
    const main = vi.fn(() => (order.push('main'), Promise.resolve()));
    bootApp([framework, main]);
    await vi.advanceTimersByTimeAsync(20);
    expect(framework).toHaveBeenCalledTimes(1);
    expect(main).not.toHaveBeenCalled();
    finishFramework();
    // Microtasks alone do not reach the app's step: a task boundary comes first.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(order).toEqual(['framework']);
    await vi.advanceTimersByTimeAsync(1);
    expect(order).toEqual(['framework', 'main']);
  });

  it("startApp sends the event the page's starter listens for (after-paint.js of @santap/vite-config)", async () => {
    const { HYDRATING_EVENT } = await import('./start-app');
    expect(HYDRATING_EVENT).toBe('santap:hydrating');
  });
});

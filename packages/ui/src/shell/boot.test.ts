import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_HYDRATION_ID, bootApp } from './boot';
import { HYDRATION_ID } from './hydration';

/** jsdom's document is 'complete' once set up; a server-rendered page still loading is 'interactive'. */
function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
    setTimeout(() => frame(performance.now()), 16);
    return 1;
  });
});

afterEach(() => {
  document.getElementById(HYDRATION_ID)?.remove();
  Reflect.deleteProperty(document, 'readyState');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function putHydrationBlock() {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = HYDRATION_ID;
  block.textContent = '{}';
  document.body.append(block);
}

describe('bootApp', () => {
  it("looks for the server's hydration block by its id", () => {
    expect(BOOT_HYDRATION_ID).toBe(HYDRATION_ID);
  });

  it("a page the browser renders -> the app's code starts after the first frame, once", async () => {
    setReadyState('interactive');
    const start = vi.fn(() => Promise.resolve());
    bootApp(start);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("a server-rendered page -> the app's code starts after the page's load, not before", async () => {
    setReadyState('interactive');
    putHydrationBlock();
    const start = vi.fn(() => Promise.resolve());
    bootApp(start);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(start).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a server-rendered page whose photos are slow -> the code starts after the wait all the same', async () => {
    setReadyState('interactive');
    putHydrationBlock();
    const start = vi.fn(() => Promise.resolve());
    bootApp(start, 3_000);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a server-rendered page already loaded -> starts after the next frame', async () => {
    setReadyState('complete');
    putHydrationBlock();
    const start = vi.fn(() => Promise.resolve());
    bootApp(start);
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

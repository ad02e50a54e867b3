import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_HYDRATION_ID, HYDRATING_EVENT, bootApp } from './boot';
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
  window.dispatchEvent(new Event(HYDRATING_EVENT));
  document.body.innerHTML = '';
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
    bootApp([start]);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('steps -> one after the other, each in a task of its own', async () => {
    setReadyState('interactive');
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

  it("a server-rendered page -> the app's code starts after the page's load, not before", async () => {
    setReadyState('interactive');
    putHydrationBlock();
    const start = vi.fn(() => Promise.resolve());
    bootApp([start]);
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
    bootApp([start], 3_000);
    await vi.advanceTimersByTimeAsync(2_900);
    expect(start).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('a server-rendered page already loaded -> starts after the next frame', async () => {
    setReadyState('complete');
    putHydrationBlock();
    const start = vi.fn(() => Promise.resolve());
    bootApp([start]);
    await vi.advanceTimersByTimeAsync(20);
    expect(start).toHaveBeenCalledTimes(1);
  });
});

describe('a tap on a server-rendered page before its code runs', () => {
  function serverPage(html: string) {
    document.body.innerHTML = html;
    putHydrationBlock();
    setReadyState('interactive');
  }

  it('the last button tapped -> tapped again once React has taken over, once', async () => {
    const { HYDRATING_EVENT: started } = await import('./start-app');
    expect(started).toBe(HYDRATING_EVENT);
    serverPage('<button id="a">Add</button><button id="b">Choose delivery address</button>');
    bootApp([() => Promise.resolve()]);
    const taps: string[] = [];
    document.addEventListener('click', (event) => taps.push((event.target as Element).id));
    document.getElementById('a')!.click();
    document.getElementById('b')!.click();
    expect(taps).toEqual(['a', 'b']);
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    await vi.advanceTimersByTimeAsync(1);
    expect(taps).toEqual(['a', 'b', 'b']);
    document.getElementById('a')!.click();
    await vi.advanceTimersByTimeAsync(1);
    expect(taps).toEqual(['a', 'b', 'b', 'a']);
  });

  it('a form submit button -> not submitted the plain way; no tap -> nothing replayed', async () => {
    serverPage('<form><button id="s" type="submit">Send</button></form><p id="p">text</p>');
    bootApp([() => Promise.resolve()]);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    let prevented: boolean | undefined;
    document.addEventListener('click', (event) => (prevented = event.defaultPrevented));
    document.getElementById('s')!.click();
    expect(prevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    document.body.innerHTML = '<p>rendered again</p>';
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    await vi.advanceTimersByTimeAsync(1);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('a page the browser renders -> taps are not held', async () => {
    document.body.innerHTML = '<button id="a">Add</button>';
    setReadyState('interactive');
    bootApp([() => Promise.resolve()]);
    let prevented: boolean | undefined;
    const taps: string[] = [];
    document.addEventListener('click', (event) => {
      taps.push((event.target as Element).id);
      prevented = event.defaultPrevented;
    });
    document.getElementById('a')!.click();
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    await vi.advanceTimersByTimeAsync(1);
    expect(taps).toEqual(['a']);
    expect(prevented).toBe(false);
  });
});

// @vitest-environment happy-dom
/* global document, window, location, MouseEvent, Node */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_STARTER, AFTER_PAINT_TYPE, HYDRATING_EVENT, afterPaintStarter } from './after-paint.js';

/** A fresh document is 'complete'; a page still loading its photos is 'interactive'. */
function setReadyState(state) {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });
}

/** The page's entry as the API serves a page it rendered: retyped, not fetched. */
function putRetypedEntry() {
  const entry = document.createElement('script');
  entry.setAttribute('type', AFTER_PAINT_TYPE);
  entry.setAttribute('src', '/assets/index-1.js');
  // Past the spy on the head's appendChild (which keeps the starter's scripts out of the document).
  Node.prototype.appendChild.call(document.head, entry);
}

const runStarter = () => new Function(AFTER_PAINT_STARTER)();
/** The module scripts the starter put in the head (kept out of the document: happy-dom would fetch them). */
let appended = [];
const started = () => appended.filter((s) => s.type === 'module').map((s) => s.src);

beforeEach(() => {
  appended = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
    appended.push(node);
    return node;
  });
  vi.useFakeTimers();
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => {
    setTimeout(() => frame(performance.now()), 16);
    return 1;
  });
});

afterEach(() => {
  window.dispatchEvent(new Event(HYDRATING_EVENT));
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  Reflect.deleteProperty(document, 'readyState');
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('afterPaintStarter', () => {
  it('-> the starter at the end of the built index.html body', () => {
    const [tag] = afterPaintStarter().transformIndexHtml.handler('');
    expect(tag).toEqual({ tag: 'script', children: AFTER_PAINT_STARTER, injectTo: 'body' });
  });

  it("names the app's hydrating event as @santap/ui's boot sends it", () => {
    expect(HYDRATING_EVENT).toBe('santap:hydrating');
  });
});

describe('AFTER_PAINT_STARTER', () => {
  it('a page the browser renders (its entry an ordinary module) -> starts nothing, holds no tap', async () => {
    setReadyState('interactive');
    // Its entry is an ordinary module script (no src here: happy-dom would fetch it).
    const entry = document.createElement('script');
    entry.setAttribute('type', 'module');
    Node.prototype.appendChild.call(document.head, entry);
    const button = document.createElement('button');
    const tapped = vi.fn();
    button.addEventListener('click', tapped);
    document.body.append(button);
    runStarter();
    button.click();
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(appended).toHaveLength(0);
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    await vi.advanceTimersByTimeAsync(10);
    expect(tapped).toHaveBeenCalledTimes(1);
  });

  it('a rendered page -> its entry starts after the load and the frame that paints it, once', async () => {
    setReadyState('interactive');
    putRetypedEntry();
    runStarter();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(16);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(17);
    expect(started()).toEqual([`${location.origin}/assets/index-1.js`]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started()).toHaveLength(1);
  });

  it.each(['largest-contentful-paint', 'paint'])(
    'a browser that reports %s -> the entry waits until the paint is reported as shown, after the two frames',
    async (type) => {
      const observers = [];
      class FakeObserver {
        static supportedEntryTypes = [type, 'resource'];
        constructor(callback) {
          this.callback = callback;
          this.disconnected = false;
          observers.push(this);
        }
        observe(options) {
          this.options = options;
        }
        disconnect() {
          this.disconnected = true;
        }
      }
      vi.stubGlobal('PerformanceObserver', FakeObserver);
      setReadyState('complete');
      putRetypedEntry();
      runStarter();
      await vi.advanceTimersByTimeAsync(40);
      // Drawn, not yet shown: nothing starts.
      expect(started()).toEqual([]);
      expect(observers).toHaveLength(1);
      expect(observers[0].options).toEqual({ type, buffered: true });
      observers[0].callback({ getEntries: () => [{ entryType: type }] });
      await vi.advanceTimersByTimeAsync(1);
      expect(started()).toHaveLength(1);
      expect(observers[0].disconnected).toBe(true);
      vi.unstubAllGlobals();
    },
  );

  it('a rendered page already loaded -> starts after two frames', async () => {
    setReadyState('complete');
    putRetypedEntry();
    runStarter();
    await vi.advanceTimersByTimeAsync(40);
    expect(started()).toHaveLength(1);
  });

  it('a rendered page whose photo never arrives -> starts 3 s after its HTML', async () => {
    setReadyState('interactive');
    putRetypedEntry();
    runStarter();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(started()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toHaveLength(1);
  });

  it('a button tapped before React took over -> tapped again once it has; later taps are not held', async () => {
    setReadyState('interactive');
    putRetypedEntry();
    const first = document.createElement('button');
    const last = document.createElement('button');
    const add = vi.fn();
    const other = vi.fn();
    first.addEventListener('click', other);
    last.addEventListener('click', add);
    document.body.append(first, last);
    runStarter();
    first.click();
    last.click();
    expect(add).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event(HYDRATING_EVENT));
    await vi.advanceTimersByTimeAsync(1);
    // The last one again (React now handles it); the first not.
    expect(add).toHaveBeenCalledTimes(2);
    expect(other).toHaveBeenCalledTimes(1);
    last.click();
    await vi.advanceTimersByTimeAsync(10);
    expect(add).toHaveBeenCalledTimes(3);
  });

  it("a form's submit button before React -> the plain submit is stopped", () => {
    setReadyState('interactive');
    putRetypedEntry();
    const form = document.createElement('form');
    const submit = document.createElement('button');
    submit.type = 'submit';
    form.append(submit);
    document.body.append(form);
    runStarter();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    submit.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});

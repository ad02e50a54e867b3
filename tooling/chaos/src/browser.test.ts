import { describe, expect, it } from 'vitest';
import { PageView } from './browser';

describe('PageView', () => {
  it('a re-read answered after a later event (it read before the change) -> the event stays', () => {
    const page = new PageView();
    page.event(10);
    const answer = page.reread();
    page.event(4);
    answer(10);
    expect(page.status).toBe(4);
  });

  it('a re-read with nothing after it -> its answer is shown', () => {
    const page = new PageView();
    page.event(3);
    page.reread()(10);
    expect(page.status).toBe(10);
  });

  it('two re-reads answered out of order -> the later one is shown', () => {
    const page = new PageView();
    const first = page.reread();
    const second = page.reread();
    second(4);
    first(10);
    expect(page.status).toBe(4);
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyOnFirstOpen } from './lazy-on-open';

afterEach(cleanup);

/** A stand-in popup that says whether it is open. */
function Panel({ open }: { open: boolean }) {
  return <p>{open ? 'panel open' : 'panel closed'}</p>;
}

describe('lazyOnFirstOpen', () => {
  it('closed -> nothing fetched, nothing rendered; opened -> fetched once and shown', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Panel }));
    const Lazy = lazyOnFirstOpen(load);
    const { rerender } = render(<Lazy open={false} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/panel/)).toBeNull();
    rerender(<Lazy open />);
    expect(await screen.findByText('panel open')).toBeTruthy();
    rerender(<Lazy open={false} />);
    rerender(<Lazy open />);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('closed after its first open -> still mounted (its dialog returns focus as usual)', async () => {
    const Lazy = lazyOnFirstOpen(() => Promise.resolve({ default: Panel }));
    const { rerender } = render(<Lazy open />);
    await screen.findByText('panel open');
    rerender(<Lazy open={false} />);
    expect(screen.getByText('panel closed')).toBeTruthy();
  });

  it('a truthy open that is not a boolean (the step to open on) -> open', async () => {
    function Steps({ open }: { open: false | 'address' }) {
      return <p>{open ? `step ${open}` : 'no step'}</p>;
    }
    const Lazy = lazyOnFirstOpen(() => Promise.resolve({ default: Steps }));
    render(<Lazy open="address" />);
    expect(await screen.findByText('step address')).toBeTruthy();
  });
});

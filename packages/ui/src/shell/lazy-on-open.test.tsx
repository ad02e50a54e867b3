import { act, cleanup, screen } from '@testing-library/react';
import { renderIn } from '../test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from './chunk-errors';
import { lazyOnFirstOpen } from './lazy-on-open';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A stand-in popup that says whether it is open. */
function Panel({ open }: { open: boolean }) {
  return <p>{open ? 'panel open' : 'panel closed'}</p>;
}

describe('lazyOnFirstOpen', () => {
  it('closed -> nothing fetched, nothing rendered; opened -> fetched once and shown', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Panel }));
    const Lazy = lazyOnFirstOpen(load);
    const { rerender } = renderIn(<Lazy open={false} />);
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
    const { rerender } = renderIn(<Lazy open />);
    await screen.findByText('panel open');
    rerender(<Lazy open={false} />);
    expect(screen.getByText('panel closed')).toBeTruthy();
  });

  it('a truthy open that is not a boolean (the step to open on) -> open', async () => {
    function Steps({ open }: { open: false | 'address' }) {
      return <p>{open ? `step ${open}` : 'no step'}</p>;
    }
    const Lazy = lazyOnFirstOpen(() => Promise.resolve({ default: Steps }));
    renderIn(<Lazy open="address" />);
    expect(await screen.findByText('step address')).toBeTruthy();
  });

  it('opened while the code is on its way -> a small loading spinner, then the popup', async () => {
    let arrive: (module: { default: typeof Panel }) => void = () => undefined;
    const Lazy = lazyOnFirstOpen(
      () => new Promise<{ default: typeof Panel }>((resolve) => (arrive = resolve)),
    );
    renderIn(<Lazy open />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
    await act(async () => arrive({ default: Panel }));
    expect(screen.getByText('panel open')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('code still not there after the chunk time-out (120 s) -> the reload prompt instead of the spinner', async () => {
    vi.useFakeTimers();
    const Lazy = lazyOnFirstOpen(() => new Promise<{ default: typeof Panel }>(() => undefined));
    renderIn(<Lazy open />);
    await act(async () => void vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();
    await act(async () => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('alertdialog', { name: 'This page needs a refresh' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('code there before the time-out -> no reload prompt later', async () => {
    vi.useFakeTimers();
    let arrive: (module: { default: typeof Panel }) => void = () => undefined;
    const Lazy = lazyOnFirstOpen(
      () => new Promise<{ default: typeof Panel }>((resolve) => (arrive = resolve)),
    );
    renderIn(<Lazy open />);
    await act(async () => void vi.advanceTimersByTime(60_000));
    await act(async () => arrive({ default: Panel }));
    await act(async () => void vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByText('panel open')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

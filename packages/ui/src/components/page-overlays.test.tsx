import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { Button } from './button';
import { CheckboxGroup } from './choice-group';
import { ACTION_BAR_HEIGHT_VAR, Page } from './page';
import { ToastProvider, usePageToast, useToast } from './toast';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function MenuLikePage({ onLeave }: { onLeave: () => void }) {
  const pageToast = usePageToast();
  const appToast = useToast();
  return (
    <Page title="Menu" actions={<Button onClick={onLeave}>View cart</Button>}>
      <Button onClick={() => pageToast.show('Nasi Lemak added to your cart')}>Add</Button>
      <Button onClick={() => appToast.show('Your details are saved')}>Save</Button>
    </Page>
  );
}

function App() {
  const [onMenu, setOnMenu] = useState(true);
  return (
    <ToastProvider>
      {onMenu ? <MenuLikePage onLeave={() => setOnMenu(false)} /> : <Page title="Your cart">cart</Page>}
    </ToastProvider>
  );
}

describe('what floats over a page', () => {
  it("a page's toast ('added to your cart') -> gone when the diner leaves the page; an app toast stays", async () => {
    const user = userEvent.setup();
    renderIn(<App />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Nasi Lemak added to your cart')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View cart' }));
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeTruthy();
    expect(screen.queryByText('Nasi Lemak added to your cart')).toBeNull();
    expect(screen.getByText('Your details are saved')).toBeTruthy();
  });

  it('a page with an action bar -> its height is published for the toasts to sit above it; a page without -> none', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      height: 72,
    } as DOMRect);
    const user = userEvent.setup();
    renderIn(<App />);
    const root = document.documentElement.style;
    expect(root.getPropertyValue(ACTION_BAR_HEIGHT_VAR)).toBe('72px');
    await user.click(screen.getByRole('button', { name: 'View cart' }));
    expect(root.getPropertyValue(ACTION_BAR_HEIGHT_VAR)).toBe('');
  });

  it('a limit message under the options -> scrolled into view (a popup body may hide it under its footer)', () => {
    const scrolled: Element[] = [];
    HTMLElement.prototype.scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this);
    });
    const group = (notice?: string) => (
      <CheckboxGroup
        legend="Curry (up to 2)"
        options={[{ value: 'dhal', label: 'Dhal' }]}
        values={[]}
        onToggle={() => undefined}
        {...(notice ? { notice } : {})}
      />
    );
    const { rerender } = renderIn(group());
    expect(scrolled).toEqual([]);
    act(() => rerender(group('You have reached the maximum limit for this section/add-on')));
    expect(scrolled.map((element) => element.textContent)).toEqual([
      'You have reached the maximum limit for this section/add-on',
    ]);
  });
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { TranslationProvider, createI18n } from '@santap/ui';
import { TabJoinContext, TabJoinSlot } from '../components/tab-join-slot';
import { callsTo, stubApi } from '../lib/testing/render-route';
import { LazyTabJoin } from './lazy-tab-join';

vi.mock('../config/env', () => ({ env: { VITE_API_BASE: '', VITE_DEFAULT_COUNTRY: 'MY' } }));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const slot = (provided: boolean) => (
  <TranslationProvider i18n={createI18n('en')}>
    <MemoryRouter>
      <TabJoinContext.Provider value={provided ? LazyTabJoin : null}>
        <TabJoinSlot restaurantId={1001} tableId={5} />
      </TabJoinContext.Provider>
    </MemoryRouter>
  </TranslationProvider>
);

describe("the menu's tab banner slot", () => {
  it('nothing on the first render (nor asked) -> the banner once the page is idle', async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (task: () => void) => {
      idle = task;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const api = stubApi({ 'tabs.atTable': () => ({ tab: null, joinable: 'scan' }) });
    const { container } = render(slot(true));
    expect(container.textContent).toBe('');
    expect(callsTo(api, 'tabs.atTable')).toHaveLength(0);

    idle!();
    expect(await screen.findByRole('button', { name: "Join your table's tab" })).toBeTruthy();
    expect(callsTo(api, 'tabs.atTable')[0]![0].query).toEqual({ restaurant_id: 1001, table_id: 5 });
  });

  it('no banner given (the menu in tests, the server render) -> nothing', () => {
    const { container } = render(slot(false));
    expect(container.textContent).toBe('');
  });
});

/**
 * Test kit for route components: a memory router with the app's i18n and toasts, and `api.call`
 * stubbed by endpoint id. Tests mock the API by stubbing `api.call` (vi.spyOn on the one exported
 * client) rather than injecting a client through context: loaders run outside React, where a context
 * cannot reach, and every screen already calls the single `api`.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { SupportedLanguage } from '@santap/i18n';
import { ToastProvider, createI18n, TranslationProvider } from '@santap/ui';
import { api } from '../api';
import type { CallOptions } from '@santap/api-client';

/** Renders `routes` in a memory router at `url`, with the app's i18n and toasts, as the app does. */
export function renderRoute(routes: RouteObject[], url: string, language: SupportedLanguage = 'en') {
  const i18n = createI18n(language);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <TranslationProvider i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </TranslationProvider>,
  );
  return { ...view, router, user, i18n };
}

type Endpoint = Parameters<typeof api.call>[0];
export type StubInput = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
};
export type StubHandler = (input: StubInput, options: CallOptions | undefined) => unknown;

/** Stubs `api.call` by endpoint id (`cart.update`); a call to any other endpoint fails loudly. */
export function stubApi(handlers: Record<string, StubHandler>) {
  return vi.spyOn(api, 'call').mockImplementation((async (
    endpoint: Endpoint,
    input: StubInput,
    options?: CallOptions,
  ) => {
    const handler = handlers[endpoint.id];
    if (!handler) throw new Error(`unexpected call ${endpoint.id}`);
    return handler(input, options);
  }) as typeof api.call);
}

/** The calls made to one endpoint, as `[input, options]`. */
export function callsTo(spy: ReturnType<typeof stubApi>, id: string) {
  return spy.mock.calls
    .filter(([endpoint]) => endpoint.id === id)
    .map(([, input, options]) => [input as StubInput, options] as const);
}

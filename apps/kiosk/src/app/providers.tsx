import { useState } from 'react';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import {
  ReloadPrompt,
  ToastProvider,
  useChunkTimeout,
  TranslationProvider,
  useUiTranslation,
} from '@santap/ui';
import { SessionProvider } from '../lib/session';
import { KioskProvider } from '../lib/kiosk-context';
import { pageKioskData } from './page-data';
import { createRouter } from './router';

/**
 * The app: words, the kiosk (device, data, outbox), one customer's session, and the routes. A screen
 * whose code has not arrived after 120 s gets the reload prompt (spec §8, §9). `router` is main.tsx's
 * (`startApp` made it, with the server's data when it hydrates the page); tests get a new one.
 * The tree is the server render's (`KioskServerProviders` inside `@santap/ui/server`'s toasts): a
 * hydrated page must render the same.
 */
export function AppProviders({
  i18n,
  router: started,
}: {
  i18n: I18n;
  router?: ReturnType<typeof createRouter>;
}) {
  const [router] = useState(() => started ?? createRouter());
  // The server's data of this page, when it was hydrated (README "Server rendering").
  const [initial] = useState(() => pageKioskData(router.state.loaderData));
  const timedOut = useChunkTimeout(router);
  return (
    <TranslationProvider i18n={i18n}>
      <ToastProvider>
        <KioskProvider i18n={i18n} initial={initial}>
          <SessionProvider>
            <RouterProvider router={router} />
            {timedOut ? <ReloadPrompt /> : null}
          </SessionProvider>
        </KioskProvider>
      </ToastProvider>
    </TranslationProvider>
  );
}

/**
 * The providers around the router in the server render (`entry-server.tsx`): the kiosk with the data
 * the root route loaded for the page's device, and the customer's (empty) session.
 */
export function KioskServerProviders({
  loaderData,
  children,
}: {
  loaderData: Record<string, unknown>;
  children: ReactNode;
}) {
  const { i18n } = useUiTranslation();
  return (
    <KioskProvider i18n={i18n} initial={pageKioskData(loaderData)}>
      <SessionProvider>{children}</SessionProvider>
    </KioskProvider>
  );
}

import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { ReloadPrompt, useChunkTimeout } from '@santap/ui';
import { SessionProvider } from '../lib/session';
import { KioskProvider } from '../lib/kiosk-context';
import { createRouter } from './router';

/**
 * The app: words, the kiosk (device, data, outbox), one customer's session, and the routes. A screen
 * whose code has not arrived after 120 s gets the reload prompt (spec §8, §9).
 */
export function AppProviders({ i18n }: { i18n: I18n }) {
  const [router] = useState(createRouter);
  const timedOut = useChunkTimeout(router);
  return (
    <I18nextProvider i18n={i18n}>
      <KioskProvider i18n={i18n}>
        <SessionProvider>
          <RouterProvider router={router} />
          {timedOut ? <ReloadPrompt /> : null}
        </SessionProvider>
      </KioskProvider>
    </I18nextProvider>
  );
}

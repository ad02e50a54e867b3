import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { SessionProvider } from '../lib/session';
import { KioskProvider } from './kiosk-context';
import { createRouter } from './router';

/** The app: words, the kiosk (device, data, outbox), one customer's session, and the routes. */
export function AppProviders({ i18n }: { i18n: I18n }) {
  const [router] = useState(createRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <KioskProvider i18n={i18n}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </KioskProvider>
    </I18nextProvider>
  );
}

import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { ToastProvider } from '@santap/ui';
import { createRouter } from './router';

/** The app: words, toasts and the routes. */
export function AppProviders({ i18n }: { i18n: I18n }) {
  const [router] = useState(createRouter);
  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </I18nextProvider>
  );
}

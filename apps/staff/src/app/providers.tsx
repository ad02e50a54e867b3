import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { ToastProvider, TranslationProvider } from '@santap/ui';
import { createRouter } from './router';

/** The app: words, toasts and the routes. */
export function AppProviders({ i18n }: { i18n: I18n }) {
  const [router] = useState(createRouter);
  return (
    <TranslationProvider i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </TranslationProvider>
  );
}

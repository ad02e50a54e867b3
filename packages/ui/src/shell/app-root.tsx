import { RouterProvider } from 'react-router';
import type { RouterProviderProps } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { ToastProvider } from '../components/toast';
import { useChunkTimeout } from './chunk-errors';
import { ReloadPrompt } from './reload-prompt';
import { TranslationProvider } from '../i18n/translation';

export interface AppRootProps {
  i18n: I18n;
  router: RouterProviderProps['router'];
}

/**
 * The root of an app's tree in the browser: its i18n instance, toasts, the router of every lazy
 * route, and the reload prompt when a page's code hangs for 120 s (`useChunkTimeout`).
 */
export function AppRoot({ i18n, router }: AppRootProps) {
  const timedOut = useChunkTimeout(router);
  return (
    <TranslationProvider i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
        {timedOut ? <ReloadPrompt /> : null}
      </ToastProvider>
    </TranslationProvider>
  );
}

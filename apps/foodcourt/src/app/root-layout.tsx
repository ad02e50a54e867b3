import { Outlet, ScrollRestoration, useRevalidator } from 'react-router';
import { LanguageShell, OfflineBanner } from '@santap/ui';
import { useSlowConnection } from '@santap/web';
import './app.css';

/**
 * The frame of every page: the page, 'No Internet Connection' with a retry while offline, and the
 * language popup any page opens with the header's `LanguageButton` (`LanguageShell`).
 */
export function RootLayout() {
  const revalidator = useRevalidator();
  const slow = useSlowConnection();
  return (
    <LanguageShell>
      <OfflineBanner onRetry={revalidator.revalidate} slow={slow} />
      <Outlet />
      <ScrollRestoration />
    </LanguageShell>
  );
}

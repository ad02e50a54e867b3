import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration, useBlocker, useRevalidator } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { AppShellContext, OfflineBanner, useUiTranslation } from '@santap/ui';
import { useSlowConnection } from '@santap/web';
import { useExitGuards } from '../lib/exit-guard';
import { inAppBrowserOf } from '../lib/in-app-browser';
import { ExitPagePopup, InAppBrowserPopup, LanguagePopup, preloadShellPopups } from './lazy-popups';
import { TabJoinContext } from '../components/tab-join-slot';
import { LazyTabJoin } from './lazy-tab-join';

const IN_APP_NOTICE_SEEN = 'santap.inAppNoticeSeen';

function inAppNoticeSeen(): boolean {
  try {
    return sessionStorage.getItem(IN_APP_NOTICE_SEEN) === '1';
  } catch {
    return false;
  }
}

/**
 * Leaves an in-app browser for the phone's own: Android opens the page through an `intent:` link
 * (the default browser); iOS 17+ Safari takes the `x-safari-https:` scheme; elsewhere a new tab.
 */
function openInSystemBrowser(url: URL) {
  const agent = navigator.userAgent;
  if (/Android/i.test(agent)) {
    const scheme = url.protocol.replace(':', '');
    window.location.href = `intent://${url.host}${url.pathname}${url.search}${url.hash}#Intent;scheme=${scheme};end`;
  } else if (/iPhone|iPad|iPod/i.test(agent)) {
    window.location.href = `x-safari-${url.href}`;
  } else {
    window.open(url.href, '_blank', 'noopener');
  }
}

/**
 * The frame of every route: the page (`<Outlet/>`), the offline banner, the in-app-browser notice for
 * Instagram / Facebook / Line / WhatsApp webviews (once per session), the exit prompt while a page
 * guards a cart or a payment (`useExitGuard`: the browser's `beforeunload` prompt when leaving the
 * site, the exit-page popup for in-app navigation), and the language change popup that any page opens
 * with `useAppShell().openLanguage()` (the `LanguageButton`). The three popups load apart from the
 * page (`lazy-popups.tsx`), fetched once the page is idle.
 */
export function RootLayout() {
  const { i18n } = useUiTranslation();
  const revalidator = useRevalidator();
  const slow = useSlowConnection();
  const guards = useExitGuards();
  const [copied, setCopied] = useState(false);
  const guarded = guards.length > 0;
  const [languageOpen, setLanguageOpen] = useState(false);
  const [inAppOpen, setInAppOpen] = useState(false);

  // The shell's popups and the `later` words, fetched once the first screen has rendered.
  useEffect(() => preloadShellPopups(), []);

  // After the first render: the server's page (hydrated as it is) knows no browser.
  useEffect(() => {
    if (inAppBrowserOf(navigator.userAgent) !== undefined && !inAppNoticeSeen()) setInAppOpen(true);
  }, []);

  useEffect(() => {
    if (!guarded) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guarded]);

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      guards.length > 0 &&
      currentLocation.pathname !== nextLocation.pathname &&
      !guards.every((guard) => guard.allows(nextLocation.pathname)),
    [guards],
  );
  const blocker = useBlocker(shouldBlock);

  const shell = useMemo(() => ({ openLanguage: () => setLanguageOpen(true) }), []);

  const closeInApp = () => {
    setInAppOpen(false);
    try {
      sessionStorage.setItem(IN_APP_NOTICE_SEEN, '1');
    } catch {
      // storage blocked: the notice may show again next time
    }
  };

  return (
    <AppShellContext.Provider value={shell}>
      <OfflineBanner onRetry={revalidator.revalidate} slow={slow} />
      <TabJoinContext.Provider value={LazyTabJoin}>
        <Outlet />
      </TabJoinContext.Provider>
      <ScrollRestoration />
      <LanguagePopup
        open={languageOpen}
        onClose={() => setLanguageOpen(false)}
        onSelect={(language) => {
          setLanguageOpen(false);
          // The app providers follow the change: <html lang>, the API language, the cookie, the data.
          void i18n.changeLanguage(language);
        }}
      />
      <ExitPagePopup
        open={blocker.state === 'blocked'}
        reason={guards.some((guard) => guard.reason === 'payment') ? 'payment' : 'cart'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
      <InAppBrowserPopup
        open={inAppOpen}
        onContinue={closeInApp}
        onOpenInBrowser={() => openInSystemBrowser(new URL(window.location.href))}
        onCopyLink={() => {
          void navigator.clipboard
            ?.writeText(window.location.href)
            .then(() => setCopied(true))
            .catch(() => undefined);
        }}
        copied={copied}
      />
    </AppShellContext.Provider>
  );
}

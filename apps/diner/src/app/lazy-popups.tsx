import type { ComponentType } from 'react';
import { lazyOnFirstOpen } from '@santap/ui';
import { loadCatalogueGroup } from '@santap/web';
import type { ExitPagePopupProps, InAppBrowserPopupProps, LanguagePopupProps } from '@santap/ui';
import { whenIdle } from '../lib/when-idle';
import type * as shellPopups from './shell-popups';

type ShellPopups = typeof shellPopups;

let loading: Promise<ShellPopups> | undefined;
/**
 * The popups' chunk with the words loaded after the first screen (the `later` catalogue group),
 * fetched once; a failed fetch (offline) is tried again on the next call.
 */
function loadShellPopups(): Promise<ShellPopups> {
  loading ??= Promise.all([import('./shell-popups'), loadCatalogueGroup('later')])
    .then(([popups]) => popups)
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * Fetches the shell's popups once the page is idle after its first render. They are not needed to
 * show a page, so they stay out of the first load (the size budget); fetched early, the first open is
 * instant and works offline too (the exit prompt guards carts and payments).
 */
export function preloadShellPopups(): () => void {
  return whenIdle(() => void loadShellPopups().catch(() => undefined));
}

/** A popup of the shell, rendered from its first open on (`lazyOnFirstOpen`) and nothing before. */
const whenOpened = <P extends { open: boolean }>(pick: (popups: ShellPopups) => ComponentType<P>) =>
  lazyOnFirstOpen<P>(() => loadShellPopups().then((popups) => ({ default: pick(popups) })));

export const LanguagePopup = whenOpened<LanguagePopupProps>((popups) => popups.LanguagePopup);
export const ExitPagePopup = whenOpened<ExitPagePopupProps>((popups) => popups.ExitPagePopup);
export const InAppBrowserPopup = whenOpened<InAppBrowserPopupProps>((popups) => popups.InAppBrowserPopup);

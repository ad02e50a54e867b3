/** The id of the server's hydration block (`HYDRATION_ID` of ./hydration; boot.test.ts checks they agree). */
export const BOOT_HYDRATION_ID = 'santap-hydration';

/**
 * The apps' boot entry (`src/boot.ts` of each app, `@santap/ui/boot`): starts the app's code once the
 * page has painted, so evaluating the framework never holds back the first screen (README "Server
 * rendering"). It imports nothing (a shared module would pull its chunk, with the framework, in before
 * the first paint): it is all the page runs before that.
 *
 * - A page the browser renders (the build's spinner): right after the first frame; its code is
 *   already downloading beside it (the build's modulepreload links).
 * - A page the server rendered (it has the hydration block): after the page has loaded — its
 *   header photo and first dishes' photos, the largest paint — so on a phone's network the photos get
 *   the bandwidth first and the code after them (the server sends such a page without the code's
 *   preloads). At most `waitMs` after the page's parse, should a photo be slow.
 */
export function bootApp(start: () => Promise<unknown>, waitMs = 3_000): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    requestAnimationFrame(() => {
      setTimeout(() => void start(), 0);
    });
  };
  const rendered = document.getElementById(BOOT_HYDRATION_ID) !== null;
  if (!rendered || document.readyState === 'complete') {
    run();
    return;
  }
  window.addEventListener('load', run, { once: true });
  setTimeout(run, waitMs);
}

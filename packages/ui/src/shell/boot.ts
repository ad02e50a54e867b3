/** The id of the server's hydration block (`HYDRATION_ID` of ./hydration; boot.test.ts checks they agree). */
export const BOOT_HYDRATION_ID = 'santap-hydration';

/** Sent on `window` by `startApp` once React has taken over the server's page (`hydrateRoot`). */
export const HYDRATING_EVENT = 'santap:hydrating';

/**
 * The apps' boot entry (`src/boot.ts` of each app, `@santap/ui/boot`): starts the app's code (`steps`:
 * the framework, then the app's `main`, each in a task of its own) once the page has painted, so evaluating the framework never holds back the first screen (README "Server
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
export function bootApp(steps: readonly (() => Promise<unknown>)[], waitMs = 3_000): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    requestAnimationFrame(() => {
      void inTasks(steps);
    });
  };
  const rendered = document.getElementById(BOOT_HYDRATION_ID) !== null;
  if (rendered) holdEarlyTaps();
  if (!rendered || document.readyState === 'complete') {
    run();
    return;
  }
  window.addEventListener('load', run, { once: true });
  setTimeout(run, waitMs);
}

/**
 * Runs `steps` one after the other, each in a task of its own: evaluating the framework (react-dom's
 * module is a large function run on first import) and then the app's code are two shorter tasks
 * instead of one long one, and the page answers in between (what Lighthouse's TBT counts).
 */
async function inTasks(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await step();
  }
}

/**
 * A server's page looks ready before its code runs: a tap on one of its buttons then would be lost
 * (a link still works: it is a link). The last button tapped before React takes over is held, and
 * tapped again once it has (React finishes hydrating at once for a tap and handles it); a tap that
 * would submit a form the plain way is stopped.
 */
function holdEarlyTaps(): void {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    held = button;
    if (button.type === 'submit' && button.form) event.preventDefault();
  };
  document.addEventListener('click', hold, true);
  window.addEventListener(
    HYDRATING_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      const tapped = held;
      held = null;
      if (tapped) setTimeout(() => tapped.isConnected && tapped.click(), 0);
    },
    { once: true },
  );
}

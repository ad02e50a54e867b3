/**
 * The apps' boot entry (`src/boot.ts` of each app, `@santap/ui/boot`): starts the app's code
 * (`steps`: the framework, then the app's `main`, each in a task of its own) after the next frame, so
 * evaluating the framework never holds back a paint (README "Server rendering"). It imports nothing
 * (a shared module would pull its chunk, with the framework, in before the first paint).
 *
 * When it runs is the page's: a page the browser renders runs it at once (its code is already
 * downloading beside it, the build's modulepreload links); a page the server rendered runs it once
 * the page has loaded and painted its photos (the built index.html's `AFTER_PAINT_STARTER`, which
 * also holds the taps made before React takes over).
 */
export function bootApp(steps: readonly (() => Promise<unknown>)[]): void {
  requestAnimationFrame(() => {
    void inTasks(steps);
  });
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

/**
 * Runs `task` once the browser is idle after the current work (at the latest after `timeoutMs`), for
 * fetches that must not compete with the first render, such as code that only a later tap needs.
 * Returns a cancel function (an effect's clean-up).
 */
export function whenIdle(task: () => void, timeoutMs = 5_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, Math.min(timeoutMs, 1_000));
  return () => clearTimeout(handle);
}

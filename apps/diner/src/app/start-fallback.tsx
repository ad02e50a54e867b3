import { Spinner } from '@santap/ui';

/**
 * What the page shows while the first route's code and data load (react-router's `HydrateFallback`
 * of the root route): a centred spinner, announced as 'Loading' in the diner's language.
 */
export function StartFallback() {
  return (
    <main className="st-centered dn-start">
      <Spinner size={32} />
    </main>
  );
}

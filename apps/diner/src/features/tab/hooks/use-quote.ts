import { useEffect, useState } from 'react';
import { tabs } from '@santap/api-client';
import { api } from '../../../lib/api';
import type { ShareQuote, ShareRequest } from '../api/tab-types';

/** Quick typing or ticking asks once, after this pause. */
const PAUSE_MS = 250;

/**
 * The price of a share as the server works it out (`tabs.quote`: nothing held, nothing charged):
 * asked again when the request or tip changes and when the tab changes (`revision`, the live
 * updates), the last answer kept while the next is on its way. A refusal is the server's words.
 */
export function useQuote(tabId: number, request: ShareRequest | undefined, tip: number, revision: unknown) {
  const key = request ? JSON.stringify({ request, tip }) : '';
  const [answer, setAnswer] = useState<{ key: string; quote?: ShareQuote; error?: unknown }>();

  useEffect(() => {
    if (!key) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const body = JSON.parse(key) as { request: ShareRequest; tip: number };
      api
        .call(tabs.tabQuote, { params: { tabId }, body }, { signal: controller.signal })
        .then((quote) => setAnswer({ key, quote }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ key, error });
        });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, tabId, revision]);

  const current = key && answer?.key === key ? answer : undefined;
  return { quote: current?.quote, error: current?.error, loading: key !== '' && current === undefined };
}

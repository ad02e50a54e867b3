import { useEffect, useRef, useState } from 'react';
import { watchTopic } from './live';

/**
 * Keeps a page fresh from the live channel: `refresh` runs on every event of `topic` (`order:<id>`,
 * `fc:<id>`), once the server has acknowledged the subscription — on the first connection and after
 * every reconnect, so a change made between the page's first read (or the drop) and the subscription
 * is not lost — and when the page becomes visible again (a phone that slept misses events).
 * `connected` is false while the socket is down.
 */
export function useLiveTopic(topic: string, refresh: () => void, apiBase = ''): { connected: boolean } {
  const [connected, setConnected] = useState(true);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    const subscription = watchTopic(
      topic,
      {
        onEvent: () => refreshRef.current(),
        // Not on the socket's reopening: events flow only once the subscription is acknowledged.
        onSubscribed: () => refreshRef.current(),
        onConnectionChange: setConnected,
      },
      { apiBase },
    );
    const onVisible = () => {
      if (document.visibilityState === 'visible') refreshRef.current();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      subscription.close();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [topic, apiBase]);

  return { connected };
}

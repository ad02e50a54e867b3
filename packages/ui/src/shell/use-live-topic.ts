import { useEffect, useRef, useState } from 'react';
import { watchTopic } from './live';

/**
 * Keeps a page fresh from the live channel: `refresh` runs on every event of `topic` (`order:<id>`,
 * `fc:<id>`), when a dropped socket reconnects, and when the page becomes visible again (a phone that
 * slept misses events). `connected` is false while the socket is down.
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
        onReconnect: () => refreshRef.current(),
        onConnectionChange: setConnected,
      },
      apiBase,
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

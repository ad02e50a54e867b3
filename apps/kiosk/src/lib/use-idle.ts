import { useCallback, useEffect, useRef, useState } from 'react';

/** Touches and keys that count as someone at the kiosk. */
const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** How often the idle count is checked (ms). */
const TICK_MS = 250;

export interface IdleState {
  /** The warning is up: `secondsLeft` until the session is cleared. */
  warning: boolean;
  secondsLeft: number;
  /** The customer answered the warning: start counting again. */
  stay(): void;
}

/**
 * The idle time-out: after `timeoutSeconds` without a touch it warns, and `warningSeconds` later it
 * calls `onTimeout` (the kiosk clears the order and goes back to the attract screen). Any touch
 * before the warning restarts the count; during the warning only 'I'm still here' does, so a stray
 * tap behind the dialog cannot keep an abandoned order alive by accident.
 */
export function useIdleTimer(options: {
  enabled: boolean;
  timeoutSeconds: number;
  warningSeconds: number;
  onTimeout: () => void;
}): IdleState {
  const { enabled, timeoutSeconds, warningSeconds } = options;
  const onTimeout = useRef(options.onTimeout);
  useEffect(() => {
    onTimeout.current = options.onTimeout;
  });
  const lastActivity = useRef(0);
  const warned = useRef(false);
  const [idleSeconds, setIdleSeconds] = useState(0);

  const stay = useCallback(() => {
    lastActivity.current = Date.now();
    warned.current = false;
    setIdleSeconds(0);
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    lastActivity.current = Date.now();
    warned.current = false;
    const onActivity = () => {
      if (!warned.current) lastActivity.current = Date.now();
    };
    for (const event of ACTIVITY)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    const timer = setInterval(() => {
      const idle = (Date.now() - lastActivity.current) / 1000;
      warned.current = idle >= timeoutSeconds;
      if (idle >= timeoutSeconds + warningSeconds) {
        lastActivity.current = Date.now();
        warned.current = false;
        setIdleSeconds(0);
        onTimeout.current();
        return;
      }
      setIdleSeconds(idle);
    }, TICK_MS);
    return () => {
      clearInterval(timer);
      setIdleSeconds(0);
      for (const event of ACTIVITY) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [enabled, timeoutSeconds, warningSeconds]);

  return {
    warning: enabled && idleSeconds >= timeoutSeconds,
    secondsLeft: Math.max(0, timeoutSeconds + warningSeconds - idleSeconds),
    stay,
  };
}

import { useEffect, useRef, useState } from 'react';

/**
 * Seconds left of a `seconds` countdown that runs while `running`, calling `onDone` once at zero
 * (the order number screen starting over by itself).
 */
export function useCountdown(seconds: number, running: boolean, onDone: () => void): number {
  const [left, setLeft] = useState(seconds);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  useEffect(() => {
    if (!running) return undefined;
    const endsAt = Date.now() + seconds * 1000;
    setLeft(seconds);
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        done.current();
      }
    }, 500);
    return () => clearInterval(timer);
  }, [seconds, running]);
  return left;
}

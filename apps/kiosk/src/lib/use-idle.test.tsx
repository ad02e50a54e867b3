import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdleTimer } from './use-idle';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const advance = (seconds: number) =>
  act(() => {
    vi.advanceTimersByTime(seconds * 1000);
  });

describe('idle time-out', () => {
  it('60 s without a touch -> warning with 15 s left; 15 s more -> the session is cleared once', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() =>
      useIdleTimer({ enabled: true, timeoutSeconds: 60, warningSeconds: 15, onTimeout }),
    );
    advance(59);
    expect(result.current.warning).toBe(false);
    advance(1.5);
    expect(result.current.warning).toBe(true);
    expect(Math.ceil(result.current.secondsLeft)).toBe(15);
    advance(14);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(0.5);
    expect(onTimeout).toHaveBeenCalledOnce();
    expect(result.current.warning).toBe(false);
  });

  it('a touch before the warning -> the count starts again', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() =>
      useIdleTimer({ enabled: true, timeoutSeconds: 60, warningSeconds: 15, onTimeout }),
    );
    advance(50);
    fireEvent.pointerDown(window);
    advance(50);
    expect(result.current.warning).toBe(false);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it("during the warning a stray touch does not help; 'I'm still here' does", () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() =>
      useIdleTimer({ enabled: true, timeoutSeconds: 60, warningSeconds: 15, onTimeout }),
    );
    advance(65);
    fireEvent.pointerDown(window);
    advance(1);
    expect(result.current.warning).toBe(true);
    act(() => result.current.stay());
    advance(30);
    expect(result.current.warning).toBe(false);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('disabled (the attract screen) -> never warns', () => {
    const onTimeout = vi.fn();
    const { result } = renderHook(() =>
      useIdleTimer({ enabled: false, timeoutSeconds: 60, warningSeconds: 15, onTimeout }),
    );
    advance(600);
    expect(result.current.warning).toBe(false);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

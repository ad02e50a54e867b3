import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testPrinter } from '../../../lib/printing/test-printers';
import type { StaffPrinter } from '../../../lib/printing/types';
import { ALARM_REPEAT_MS, usePrinterAlarmSound } from './use-printer-alarm-sound';

const tone = vi.hoisted(() => vi.fn());
vi.mock('../lib/alert', () => ({ alarmTone: tone, chime: vi.fn() }));

beforeEach(() => {
  vi.useFakeTimers();
  tone.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const sound = (printers: StaffPrinter[]) =>
  renderHook(({ list }) => usePrinterAlarmSound(list), { initialProps: { list: printers } });

describe('usePrinterAlarmSound', () => {
  it('every printer well -> no sound, ever', () => {
    sound([testPrinter(1), testPrinter(2)]);
    vi.advanceTimersByTime(ALARM_REPEAT_MS * 3);
    expect(tone).not.toHaveBeenCalled();
  });

  it('a printer goes offline -> a tone at once, again each minute, quiet once it is back', () => {
    const view = sound([testPrinter(1)]);
    view.rerender({ list: [testPrinter(1, { state: 'offline', offline_since_epoch: 1 })] });
    expect(tone).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(ALARM_REPEAT_MS);
    expect(tone).toHaveBeenCalledTimes(2);
    view.rerender({ list: [testPrinter(1)] });
    vi.advanceTimersByTime(ALARM_REPEAT_MS * 2);
    expect(tone).toHaveBeenCalledTimes(2);
  });

  it('the same stopped printer re-read (a refetch) -> no second tone; another one stopping -> a tone', () => {
    const off = testPrinter(1, { state: 'paper_out' });
    const view = sound([off, testPrinter(2)]);
    expect(tone).toHaveBeenCalledTimes(1);
    view.rerender({ list: [{ ...off }, testPrinter(2)] });
    expect(tone).toHaveBeenCalledTimes(1);
    view.rerender({ list: [{ ...off }, testPrinter(2, { state: 'cover_open' })] });
    expect(tone).toHaveBeenCalledTimes(2);
  });

  it('failed dockets alone -> shown, not sounded', () => {
    sound([testPrinter(1, { failed_jobs: 2 })]);
    vi.advanceTimersByTime(ALARM_REPEAT_MS);
    expect(tone).not.toHaveBeenCalled();
  });
});

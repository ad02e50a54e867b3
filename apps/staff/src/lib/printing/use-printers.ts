import { useCallback, useEffect, useRef, useState } from 'react';
import { staff } from '@santap/api-client';
import { useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../api';
import type { StaffPrinter } from './types';

/**
 * How often (ms) the printers are read again with no event: a printer that stops polling sends no
 * event of its own (the server calls it offline after a few missed polls), and a board whose socket
 * is down still learns of it.
 */
export const PRINTERS_REREAD_MS = 30_000;

/** Something that says "the printers changed" (the board's `Signal` on `printer.*` / `print.*` events). */
export interface PrintersChanged {
  subscribe(listener: () => void): () => void;
}

/**
 * The restaurant's printers (`staff.printers`), read at once, on every `changed` (a live
 * `printer.state` / `print.job` event, a reconnect) and every {@link PRINTERS_REREAD_MS}. Reads that
 * pile up (a burst of events) are folded into one more read; an unchanged reply keeps the previous
 * array, so the screen re-renders only when something changed. `printers` is null until the first read.
 */
export function usePrinters(changed?: PrintersChanged) {
  const [printers, setPrinters] = useState<readonly StaffPrinter[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { t } = useUiTranslation();
  const tRef = useRef(t);
  tRef.current = t;
  const reading = useRef<{ again: boolean } | null>(null);
  const lastJson = useRef('');

  const reload = useCallback(async (): Promise<void> => {
    if (reading.current) {
      reading.current.again = true;
      return;
    }
    const run = { again: false };
    reading.current = run;
    try {
      const reply = await api.call(staff.staffPrinters, {});
      const json = JSON.stringify(reply.printers);
      if (json !== lastJson.current) {
        lastJson.current = json;
        setPrinters(reply.printers);
      }
      setError(null);
    } catch (failure) {
      setError(errorText(failure, tRef.current));
    } finally {
      reading.current = null;
    }
    if (run.again) await reload();
  }, []);

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), PRINTERS_REREAD_MS);
    const off = changed?.subscribe(() => void reload());
    return () => {
      clearInterval(timer);
      off?.();
    };
  }, [changed, reload]);

  return { printers, error, reload };
}

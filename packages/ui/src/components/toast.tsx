import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { IconButton } from './button';
import { Icon } from './icons';
import { cx } from './cx';

/** The tone of a {@link Toast}. */
export type ToastTone = 'info' | 'success' | 'error';

/** Props of {@link Toast}: one short message. */
export interface ToastProps {
  message: string;
  tone?: ToastTone;
  onDismiss?: () => void;
}

/** A short message at the bottom of the screen; errors are announced as alerts. */
export function Toast({ message, tone = 'info', onDismiss }: ToastProps) {
  const { t } = useUiTranslation();
  return (
    <div className={cx('st-toast', `st-toast--${tone}`)} role={tone === 'error' ? 'alert' : undefined}>
      <Icon name={tone === 'error' ? 'error' : tone === 'success' ? 'check' : 'info'} size={20} />
      <span className="st-toast__message">{message}</span>
      {onDismiss ? <IconButton icon="close" label={t('ui.common.dismiss')} onClick={onDismiss} /> : null}
    </div>
  );
}

interface ToastEntry {
  id: number;
  message: string;
  tone: ToastTone;
}

/** What {@link useToast} returns. */
export interface ToastApi {
  /** Shows a message for `durationMs` (default 4 s; errors 6 s); returns its id for `dismiss`. */
  show: (message: string, options?: { tone?: ToastTone; durationMs?: number }) => number;
  /** Takes a toast away before its time (nothing when it is gone already). */
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Holds the toasts of an app and renders them in one polite live region that is always mounted (a
 * region added together with its text is often not announced).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const show = useCallback<ToastApi['show']>(
    (message, options) => {
      const id = nextId.current++;
      const tone = options?.tone ?? 'info';
      setToasts((current) => [...current.slice(-2), { id, message, tone }]);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), options?.durationMs ?? (tone === 'error' ? 6000 : 4000)),
      );
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="st-toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <Toast
            key={toast.id}
            message={toast.message}
            tone={toast.tone}
            onDismiss={() => dismiss(toast.id)}
          />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows toasts; needs a {@link ToastProvider} above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}

/**
 * Toasts about what happens on one page ('added to your cart'): like {@link useToast}, but the
 * toasts still showing when the calling component unmounts (the diner left the page) go with it, so
 * they never cover the next page.
 */
export function usePageToast(): ToastApi {
  const { show, dismiss } = useToast();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    const ids = shown.current;
    return () => {
      ids.forEach(dismiss);
      ids.clear();
    };
  }, [dismiss]);
  const showOnPage = useCallback<ToastApi['show']>(
    (message, options) => {
      const id = show(message, options);
      shown.current.add(id);
      return id;
    },
    [show],
  );
  return useMemo(() => ({ show: showOnPage, dismiss }), [showOnPage, dismiss]);
}

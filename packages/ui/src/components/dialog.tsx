import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useUiTranslation } from '../i18n/translation';
import { IconButton } from './button';
import { cx } from './cx';

/** Props of {@link Dialog}. */
export interface DialogProps {
  open: boolean;
  /** Called on Escape, on the close button and on a tap outside (when `dismissible`). */
  onClose: () => void;
  /** The visible heading; it names the dialog (`aria-labelledby`). */
  title: string;
  /** A first paragraph that also describes the dialog (`aria-describedby`). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, kept visible while the body scrolls. */
  footer?: ReactNode;
  /** `sheet` slides up from the bottom on phones (centred on wide screens); `center` is a card. */
  variant?: 'sheet' | 'center';
  /** `alertdialog` for interruptions that need an answer (leave the page?, cart locked). */
  role?: 'dialog' | 'alertdialog';
  /** False for popups the diner must answer: no close button, Escape and outside taps do nothing. */
  dismissible?: boolean;
  /** What gets focus on open; by default the dialog itself, so its title is read first. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Marks the body busy (loading) for assistive technology. */
  busy?: boolean;
  className?: string;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open dialogs, innermost last: only the top one handles Escape and keeps focus. */
const stack: HTMLElement[] = [];
let scrollLocks = 0;
let savedOverflow = '';
let savedPaddingRight = '';

function lockScroll() {
  if (scrollLocks++ > 0) return;
  const body = document.body;
  const gap = window.innerWidth - document.documentElement.clientWidth;
  savedOverflow = body.style.overflow;
  savedPaddingRight = body.style.paddingRight;
  body.style.overflow = 'hidden';
  // Keep the page from shifting sideways when its scrollbar disappears (desktop).
  if (gap > 0) body.style.paddingRight = `${gap}px`;
}

function unlockScroll() {
  if (--scrollLocks > 0) return;
  document.body.style.overflow = savedOverflow;
  document.body.style.paddingRight = savedPaddingRight;
}

function focusablesIn(element: HTMLElement): HTMLElement[] {
  return Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (candidate) => !candidate.closest('[inert]') && candidate.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * A modal dialog, written by hand (no dependency): `role="dialog"` (or `alertdialog`), `aria-modal`,
 * named by its title. On open it remembers the element that had focus and moves focus inside; Tab
 * and Shift+Tab wrap within it; Escape closes it (when dismissible); on close focus goes back to the
 * opener. The page behind does not scroll while it is open (`overflow: hidden` on body, with
 * `overscroll-behavior: contain` on the dialog body). Nested dialogs stack: only the top one reacts.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  variant = 'sheet',
  role = 'dialog',
  dismissible = true,
  initialFocus,
  busy,
  className,
}: DialogProps) {
  const { t } = useUiTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useLayoutEffect(() => {
    if (!open) return;
    const element = panel.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(element);
    lockScroll();
    (initialFocus?.current ?? element).focus();

    const isTop = () => stack[stack.length - 1] === element;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        if (dismissibleRef.current) {
          event.preventDefault();
          event.stopPropagation();
          onCloseRef.current();
        }
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = focusablesIn(element);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) {
        event.preventDefault();
        element.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === element || !element.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !element.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a screen reader's virtual cursor, a script) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !element.contains(event.target)) element.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      const index = stack.lastIndexOf(element);
      if (index >= 0) stack.splice(index, 1);
      unlockScroll();
      if (opener?.isConnected) opener.focus();
    };
    // initialFocus is read once, on open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className={cx('st-dialog-root', `st-dialog-root--${variant}`)}>
      <div
        className="st-dialog__backdrop"
        aria-hidden="true"
        onClick={() => {
          if (dismissible) onClose();
        }}
      />
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        aria-busy={busy || undefined}
        tabIndex={-1}
        className={cx('st-dialog', `st-dialog--${variant}`, className)}
      >
        <div className="st-dialog__header">
          <h2 id={titleId} className="st-dialog__title">
            {title}
          </h2>
          {dismissible ? <IconButton icon="close" label={t('ui.common.close')} onClick={onClose} /> : null}
        </div>
        <div className="st-dialog__body">
          {description ? (
            <div id={descriptionId} className="st-dialog__description">
              {description}
            </div>
          ) : null}
          {children}
        </div>
        {footer ? <div className="st-dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

/** Props of {@link Sheet}: a {@link Dialog} that is always a bottom sheet on phones. */
export type SheetProps = Omit<DialogProps, 'variant'>;

/** A bottom sheet: the {@link Dialog} with `variant="sheet"`. */
export function Sheet(props: SheetProps) {
  return <Dialog {...props} variant="sheet" />;
}

import { useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { IconButton } from './button';
import { cx } from './cx';

/** Props of {@link Page}. */
export interface PageProps {
  title: string;
  /** Shows a back button in the header. */
  onBack?: () => void;
  /** Extra header controls at the end (a language button). */
  headerEnd?: ReactNode;
  children: ReactNode;
  /** The sticky bottom action bar ('View cart', 'Place order'). */
  actions?: ReactNode;
  className?: string;
}

/**
 * A screen: a header with an optional back button and the title as the page's `<h1>`, the `<main>`
 * landmark, and a bottom action bar that stays visible above the keyboard-free viewport edge. The
 * main area is padded so the bar never hides the last content.
 */
export function Page({ title, onBack, headerEnd, children, actions, className }: PageProps) {
  const { t } = useUiTranslation();
  const actionBar = useRef<HTMLDivElement>(null);
  useActionBarHeight(actionBar, actions != null);
  return (
    <div className={cx('st-page', actions != null && 'st-page--with-actions', className)}>
      <header className="st-page__header">
        {onBack ? <IconButton icon="back" label={t('ui.common.back')} onClick={onBack} /> : null}
        <h1 className="st-page__title">{title}</h1>
        {headerEnd ? <div className="st-page__header-end">{headerEnd}</div> : null}
      </header>
      <main className="st-page__main">{children}</main>
      {actions != null ? (
        <div ref={actionBar} className="st-page__actions">
          {actions}
        </div>
      ) : null}
    </div>
  );
}

/** The CSS variable with the height of the open page's bottom action bar (0 when it has none). */
export const ACTION_BAR_HEIGHT_VAR = '--st-page-actions-height';

/**
 * Publishes the action bar's height on the root element while it is shown, so what floats over the
 * page (the toasts) sits above the bar ('View cart', 'Place order') instead of covering it.
 */
function useActionBarHeight(bar: RefObject<HTMLDivElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const publish = () =>
      root.setProperty(ACTION_BAR_HEIGHT_VAR, `${element.getBoundingClientRect().height}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : undefined;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(ACTION_BAR_HEIGHT_VAR);
    };
  }, [bar, shown]);
}

import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/use-ui-translation';
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
  return (
    <div className={cx('st-page', actions != null && 'st-page--with-actions', className)}>
      <header className="st-page__header">
        {onBack ? <IconButton icon="back" label={t('ui.common.back')} onClick={onBack} /> : null}
        <h1 className="st-page__title">{title}</h1>
        {headerEnd ? <div className="st-page__header-end">{headerEnd}</div> : null}
      </header>
      <main className="st-page__main">{children}</main>
      {actions != null ? <div className="st-page__actions">{actions}</div> : null}
    </div>
  );
}

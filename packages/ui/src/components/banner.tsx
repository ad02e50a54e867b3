import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { IconButton } from './button';
import { Icon } from './icons';
import { cx } from './cx';

/** The tone of a {@link Banner}. */
export type BannerTone = 'info' | 'success' | 'warning' | 'error';

/** Props of {@link Banner}. */
export interface BannerProps {
  tone?: BannerTone;
  title?: string;
  children?: ReactNode;
  /** A button or link shown under the text ('Try again'). */
  action?: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

const ICON = { info: 'info', success: 'check', warning: 'warning', error: 'error' } as const;

/**
 * An inline message. Errors are `role="alert"` (announced at once); the other tones are
 * `role="status"` (announced politely). The icon repeats the tone so colour is never the only cue.
 */
export function Banner({ tone = 'info', title, children, action, onDismiss, className }: BannerProps) {
  const { t } = useUiTranslation();
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx('st-banner', `st-banner--${tone}`, className)}
    >
      <Icon name={ICON[tone]} className="st-banner__icon" />
      <div className="st-banner__body">
        {title ? <p className="st-banner__title">{title}</p> : null}
        {children ? <div className="st-banner__text">{children}</div> : null}
        {action ? <div className="st-banner__action">{action}</div> : null}
      </div>
      {onDismiss ? <IconButton icon="close" label={t('ui.common.dismiss')} onClick={onDismiss} /> : null}
    </div>
  );
}

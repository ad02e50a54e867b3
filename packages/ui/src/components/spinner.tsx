import type { ReactNode } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { cx } from './cx';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  size?: number;
  /** Inside a control that already says it is busy: hidden from assistive technology. */
  decorative?: boolean;
  /** The spoken label; defaults to 'Loading'. */
  label?: string;
}

/** A loading indicator; announced as a status with a text label unless `decorative`. */
export function Spinner({ size = 24, decorative = false, label }: SpinnerProps) {
  const { t } = useUiTranslation();
  const circle = (
    <svg
      className="st-spinner"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="3" opacity="0.25" />
      <path d="M21 12a9 9 0 00-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return circle;
  return (
    <span role="status" className="st-spinner-wrap">
      {circle}
      <span className="st-visually-hidden">{label ?? t('ui.common.loading')}</span>
    </span>
  );
}

/** Props of {@link Skeleton}: the placeholder's size (CSS lengths). */
export interface SkeletonProps {
  width?: string;
  height?: string;
  rounded?: boolean;
}

/**
 * A grey placeholder block where content will appear; hidden from assistive technology (put one
 * `Spinner` or `aria-busy` on the region instead). Reserving the space keeps layout shift (CLS) low.
 */
export function Skeleton({ width = '100%', height = '1em', rounded = false }: SkeletonProps) {
  return (
    <span
      className={cx('st-skeleton', rounded && 'st-skeleton--round')}
      style={{ width, height }}
      aria-hidden="true"
    />
  );
}

/**
 * Skeletons standing in for content that is loading, announced once as loading (a status region
 * with the catalogue's 'Loading…' for screen readers; the skeletons themselves stay hidden).
 */
export function LoadingStack({ children }: { children: ReactNode }) {
  const { t } = useUiTranslation();
  return (
    <div className="st-stack" role="status" aria-busy="true">
      <span className="st-visually-hidden">{t('ui.common.loading')}</span>
      {children}
    </div>
  );
}

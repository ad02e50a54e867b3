import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';
import { cx } from './cx';
import { Spinner } from './spinner';

/** How prominent a button is: one `primary` per screen; `danger` for destructive actions. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** Props of {@link Button}: a native button plus variant, loading and full width. */
export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  /** Shows a spinner, sets `aria-busy` and ignores clicks; the label stays for screen readers. */
  loading?: boolean;
  fullWidth?: boolean;
  /** An icon before the label (decorative). */
  icon?: IconName;
  children: ReactNode;
}

/**
 * A button at least 44 × 44 px. `type` defaults to `button` (not `submit`) so a button inside a form
 * never submits it by accident. While `loading` it stays focusable (`aria-disabled`, not `disabled`)
 * so focus is not lost mid-request.
 */
export function Button({
  variant = 'primary',
  loading = false,
  fullWidth = false,
  icon,
  className,
  type = 'button',
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx('st-button', `st-button--${variant}`, fullWidth && 'st-button--full', className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {loading ? <Spinner size={18} decorative /> : icon ? <Icon name={icon} size={20} /> : null}
      <span className="st-button__label">{children}</span>
    </button>
  );
}

/** Props of {@link IconButton}: the accessible name is required because the button shows no text. */
export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> {
  /** The accessible name (`aria-label`), from the catalogue: 'Close', 'Back'. */
  label: string;
  icon: IconName;
  variant?: 'ghost' | 'secondary';
}

/** A 44 × 44 px button that shows only an icon; `label` becomes its `aria-label` and tooltip. */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx('st-icon-button', `st-icon-button--${variant}`, className)}
      aria-label={label}
      title={label}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}

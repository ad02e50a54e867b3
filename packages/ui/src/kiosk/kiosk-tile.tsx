import type { ComponentPropsWithRef } from 'react';
import { Icon } from '../components/icons';
import type { IconName } from '../components/icons';
import { cx } from '../components/cx';
import './kiosk.css';

/** Props of {@link KioskTile}: a native button with a title, an optional hint and icon. */
export interface KioskTileProps extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'title'> {
  title: string;
  /** A second line under the title ('QRIS or e-wallet on your phone'). */
  hint?: string;
  icon?: IconName;
  /** `primary` for the action most people take. */
  tone?: 'primary' | 'plain';
}

/**
 * A big choice on a kiosk screen (eat here or take away, how to pay): the whole tile is one button,
 * at least 96 px high, named by its title with the hint as its description. Disabled tiles keep their
 * text at full contrast and say why in the hint.
 */
export function KioskTile({
  title,
  hint,
  icon,
  tone = 'plain',
  className,
  type = 'button',
  ...rest
}: KioskTileProps) {
  return (
    <button type={type} className={cx('st-kiosk-tile', `st-kiosk-tile--${tone}`, className)} {...rest}>
      {icon ? <Icon name={icon} size={40} className="st-kiosk-tile__icon" /> : null}
      <span className="st-kiosk-tile__text">
        <span className="st-kiosk-tile__title">{title}</span>
        {hint ? <span className="st-kiosk-tile__hint">{hint}</span> : null}
      </span>
    </button>
  );
}

import type { ReactNode } from 'react';
import { Icon } from './icons';
import type { IconName } from './icons';

/** A popup's or card's lead sentence beside its picture (the icon is decorative; the words say it all). */
export function Illustrated({ icon, children }: { icon: IconName; children: ReactNode }) {
  return (
    <div className="st-illustrated">
      <Icon name={icon} size={32} />
      <p>{children}</p>
    </div>
  );
}

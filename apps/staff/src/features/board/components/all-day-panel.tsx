import { memo } from 'react';
import { useUiTranslation } from '@santap/ui';
import type { AllDayCount } from '../lib/kitchen';

/** 'All day': every dish still to make across the open tickets of the station, most first. */
export const AllDayPanel = memo(function AllDayPanel({ counts }: { counts: readonly AllDayCount[] }) {
  const { t } = useUiTranslation();
  return (
    <aside className="staff-allday" aria-label={t('staff.board.allDay')}>
      <h2 className="staff-column__title">{t('staff.board.allDay')}</h2>
      {counts.length === 0 ? <p className="staff-column__empty">{t('staff.board.allDayNone')}</p> : null}
      <ul className="staff-allday__list">
        {counts.map((count) => (
          <li key={count.name}>
            <b>{count.quantity}</b> <span>{count.name}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
});

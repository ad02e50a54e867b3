import type { StaffOrder } from '@santap/api-client';
import { useUiTranslation } from '@santap/ui';

/** A ticket bumped on this device: from which status to which, when, and the order as it was. */
export interface Bump {
  orderId: number;
  from: number;
  to: number;
  at: number;
  order: StaffOrder;
}

/** 'Recently bumped': tickets bumped here in the last 30 minutes, newest first, each with 'Recall'. */
export function BumpedStrip({ bumps, onRecall }: { bumps: readonly Bump[]; onRecall: (bump: Bump) => void }) {
  const { t } = useUiTranslation();
  return (
    <section className="staff-bumped" aria-label={t('staff.board.recentlyBumped')}>
      <h2 className="staff-bumped__title">{t('staff.board.recentlyBumped')}</h2>
      <ul className="staff-bumped__list">
        {bumps.slice(0, 8).map((bump) => (
          <li key={`${bump.orderId}-${bump.at}`} className="staff-bumped__item">
            <span>{t('staff.card.order', { id: bump.orderId })}</span>
            <button
              type="button"
              className="staff-bumped__recall"
              aria-label={t('staff.board.recallLabel', { id: bump.orderId })}
              onClick={() => onRecall(bump)}
            >
              {t('staff.board.recall')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

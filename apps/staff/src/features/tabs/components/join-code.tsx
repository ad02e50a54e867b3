import { useUiTranslation } from '@santap/ui';
import type { TabView } from '../lib/types';

/**
 * The tab's join code, large, for a server to read out to a friend who arrives (apps/api
 * docs/tabs.md, Joining); at a dynamic-QR restaurant a scan of the table's QR joins too.
 */
export function JoinCode({ tab }: { tab: TabView }) {
  const { t } = useUiTranslation();
  if (!tab.join_code) return null;
  return (
    <p className="staff-tab-code">
      <span className="staff-tab-code__label">{t('staff.tabs.code')}</span>{' '}
      <strong className="staff-tab-code__value">{tab.join_code}</strong>
      {tab.joins_by_scan ? <span className="staff-tab-code__scan">{t('staff.tabs.byScan')}</span> : null}
    </p>
  );
}

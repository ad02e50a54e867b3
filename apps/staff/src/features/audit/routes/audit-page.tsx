import { useCallback, useMemo, useState } from 'react';
import type { AuditRecord } from '@santap/api-client';
import { toIntlLocale } from '@santap/i18n';
import type { Currency } from '@santap/domain';
import { Banner, Button, Spinner, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { AuditEntry } from '../components/audit-entry';
import { AuditFiltersForm } from '../components/audit-filters';
import { useAuditExceptions, useAuditTrail } from '../hooks/use-audit';
import type { AuditFilters } from '../hooks/use-audit';
import { changeRows } from '../lib/changes';
import { defaultRange, localToday } from '../lib/range';
import { KIND_LABEL } from '../lib/words';
import '../audit.css';

/** The roles that read the trail (apps/api docs/audit.md 'Reading it'). */
const READERS = new Set(['manager', 'business']);

/**
 * The manager's audit trail (apps/api docs/audit.md), read-only: the chosen day's exceptions first
 * (voids, cancellations, refunds, forced closes, price changes while open), then every record of a
 * range of days, filtered, newest first, a page at a time.
 */
export function Component() {
  const me = useStaffMe();
  const { t, language } = useUiTranslation();
  const timeZone = me.restaurant.time_zone;
  const currency = me.restaurant.currency as Currency;
  const locale = toIntlLocale(language);
  const [initial] = useState(() => {
    const range = defaultRange(new Date(), timeZone);
    return { ...range, action: '', actor: '', subjectType: '', subjectId: '' } satisfies AuditFilters;
  });
  const [day, setDay] = useState(initial.to);
  const [filters, setFilters] = useState<AuditFilters | null>(READERS.has(me.staff.role) ? initial : null);
  const trail = useAuditTrail(filters);
  const exceptions = useAuditExceptions(READERS.has(me.staff.role) ? day : '');

  const when = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    return (epoch: number) => format.format(new Date(epoch * 1000));
  }, [locale, timeZone]);
  const rows = useCallback(
    (record: AuditRecord) =>
      changeRows(record, { t, language, currency, time: (iso) => when(Date.parse(iso) / 1000) }),
    [t, language, currency, when],
  );

  // The staff members the filter offers: everyone seen acting so far.
  const [actors, setActors] = useState<ReadonlyMap<string, string>>(new Map());
  const seen = [...(trail.records ?? []), ...(exceptions.exceptions ?? [])].filter(
    (record) => record.actor_username && !actors.has(record.actor),
  );
  if (seen.length > 0) {
    setActors((known) => {
      const next = new Map(known);
      for (const record of seen) next.set(record.actor, record.actor_username!);
      return next;
    });
  }

  if (!READERS.has(me.staff.role)) return <Banner tone="error">{t('errors.forbidden')}</Banner>;

  return (
    <main className="staff-page audit-page">
      <h1>{t('staff.audit.title')}</h1>
      <p className="audit-page__intro">{t('staff.audit.intro')}</p>

      <section className="audit-section" aria-labelledby="audit-exceptions">
        <div className="audit-section__head">
          <h2 id="audit-exceptions">{t('staff.audit.exceptions')}</h2>
          <label className="audit-field audit-field--inline">
            <span>{t('staff.audit.exceptionsDay')}</span>
            <input
              type="date"
              value={day}
              max={localToday(new Date(), timeZone)}
              onChange={(event) => event.target.value && setDay(event.target.value)}
            />
          </label>
        </div>
        {exceptions.error ? <Banner tone="error">{exceptions.error}</Banner> : null}
        {exceptions.exceptions === null && !exceptions.error ? <Spinner label={t('staff.loading')} /> : null}
        {exceptions.exceptions?.length === 0 ? (
          <p className="audit-empty">{t('staff.audit.noExceptions')}</p>
        ) : null}
        {exceptions.exceptions && exceptions.exceptions.length > 0 ? (
          <ul className="audit-list" aria-label={t('staff.audit.exceptions')}>
            {exceptions.exceptions.map((record) => (
              <AuditEntry
                key={record.record_id}
                record={record}
                changes={rows(record)}
                when={when(record.at_epoch)}
                badge={
                  <span className={`audit-kind audit-kind--${record.kind}`}>
                    {t(KIND_LABEL[record.kind])}
                  </span>
                }
              />
            ))}
          </ul>
        ) : null}
      </section>

      <section className="audit-section" aria-labelledby="audit-trail">
        <h2 id="audit-trail">{t('staff.audit.trail')}</h2>
        <AuditFiltersForm initial={initial} actors={actors} onApply={setFilters} refusal={trail.error} />
        {trail.records === null && !trail.error ? <Spinner label={t('staff.loading')} /> : null}
        {trail.records?.length === 0 ? <p className="audit-empty">{t('staff.audit.empty')}</p> : null}
        {trail.records && trail.records.length > 0 ? (
          <ul className="audit-list" aria-label={t('staff.audit.trail')} aria-busy={trail.busy}>
            {trail.records.map((record) => (
              <AuditEntry
                key={record.record_id}
                record={record}
                changes={rows(record)}
                when={when(record.at_epoch)}
              />
            ))}
          </ul>
        ) : null}
        {trail.hasMore ? (
          <Button variant="secondary" loading={trail.busy} onClick={trail.loadMore} className="audit-more">
            {t('staff.audit.loadMore')}
          </Button>
        ) : null}
      </section>
    </main>
  );
}

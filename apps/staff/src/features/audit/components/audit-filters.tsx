import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { audit } from '@santap/api-client';
import { Button, useUiTranslation } from '@santap/ui';
import type { AuditFilters } from '../hooks/use-audit';
import { rangeIsValid } from '../lib/range';
import { ACTION_LABEL, AREA_LABEL, SUBJECT_TYPE_LABEL } from '../lib/words';

interface AuditFiltersFormProps {
  initial: AuditFilters;
  /** The staff members seen in the trail so far, `actor` → username. */
  actors: ReadonlyMap<string, string>;
  onApply: (filters: AuditFilters) => void;
  /** The server's refusal of the last filters, shown in the form. */
  refusal: string | null;
}

/**
 * The trail's filters: a range of days (checked here as the server checks it, in its words), an
 * area or action, a staff member, a subject and its number.
 */
export function AuditFiltersForm({ initial, actors, onApply, refusal }: AuditFiltersFormProps) {
  const { t } = useUiTranslation();
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const set = (patch: Partial<AuditFilters>) => {
    setDraft((now) => ({ ...now, ...patch }));
    setInvalid(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rangeIsValid(draft.from, draft.to)) {
      setInvalid(true);
      return;
    }
    onApply(draft);
  };
  const message = invalid ? t('validation.dateRangeInvalid', { days: audit.AUDIT_MAX_DAYS }) : refusal;
  return (
    <form className="audit-filters" aria-label={t('staff.audit.filters')} onSubmit={submit} noValidate>
      <label className="audit-field">
        <span>{t('staff.audit.from')}</span>
        <input
          type="date"
          value={draft.from}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => set({ from: event.target.value })}
        />
      </label>
      <label className="audit-field">
        <span>{t('staff.audit.to')}</span>
        <input
          type="date"
          value={draft.to}
          aria-invalid={invalid || undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => set({ to: event.target.value })}
        />
      </label>
      <label className="audit-field">
        <span>{t('staff.audit.action')}</span>
        <select value={draft.action} onChange={(event) => set({ action: event.target.value })}>
          <option value="">{t('staff.audit.anyAction')}</option>
          <optgroup label={t('staff.audit.areas')}>
            {Object.entries(AREA_LABEL).map(([area, key]) => (
              <option key={area} value={area}>
                {t(key)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('staff.audit.actions')}>
            {Object.entries(ACTION_LABEL).map(([action, key]) => (
              <option key={action} value={action}>
                {t(key)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <label className="audit-field">
        <span>{t('staff.audit.actor')}</span>
        <select value={draft.actor} onChange={(event) => set({ actor: event.target.value })}>
          <option value="">{t('staff.audit.anyActor')}</option>
          {[...actors].map(([actor, username]) => (
            <option key={actor} value={actor}>
              {username}
            </option>
          ))}
        </select>
      </label>
      <label className="audit-field">
        <span>{t('staff.audit.subject')}</span>
        <select
          value={draft.subjectType}
          onChange={(event) => set({ subjectType: event.target.value, subjectId: '' })}
        >
          <option value="">{t('staff.audit.anySubject')}</option>
          {Object.entries(SUBJECT_TYPE_LABEL).map(([type, key]) => (
            <option key={type} value={type}>
              {t(key)}
            </option>
          ))}
        </select>
      </label>
      {draft.subjectType ? (
        <label className="audit-field audit-field--short">
          <span>{t('staff.audit.subjectId')}</span>
          <input
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={10}
            value={draft.subjectId}
            onChange={(event) => set({ subjectId: event.target.value.replace(/\D/g, '') })}
          />
        </label>
      ) : null}
      <Button type="submit" className="audit-filters__show">
        {t('staff.audit.show')}
      </Button>
      {message ? (
        <p id={`${id}-error`} className="audit-filters__error" role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}

import type { ReactNode } from 'react';
import type { AuditRecord } from '@santap/api-client';
import { useUiTranslation } from '@santap/ui';
import { roleLabel } from '../../../lib/roles';
import type { ChangeRow } from '../lib/changes';
import { ACTION_LABEL, SUBJECT_LABEL, actorKey } from '../lib/words';

interface AuditEntryProps {
  record: AuditRecord;
  changes: readonly ChangeRow[];
  /** When, in the restaurant's time zone. */
  when: string;
  /** A mark before the action (an exception's kind). */
  badge?: ReactNode;
}

/**
 * One record, read-only: what was done to what, when, who (as recorded, with their role then), from
 * which device, the changed fields before → after, and the reason given.
 */
export function AuditEntry({ record, changes, when, badge }: AuditEntryProps) {
  const { t } = useUiTranslation();
  const actionKey = ACTION_LABEL[record.action];
  const action = actionKey ? t(actionKey) : record.action;
  const subjectKey = SUBJECT_LABEL[record.subject.type];
  const subject = subjectKey
    ? t(subjectKey, { id: record.subject.id })
    : `${record.subject.type} ${record.subject.id}`;
  const actor = actorKey(record);
  const device = [record.device, record.user_agent, record.ip].filter(Boolean).join(' · ');
  return (
    <li className="audit-entry" aria-label={`${action} · ${subject}`} data-action={record.action}>
      <div className="audit-entry__head">
        {badge}
        <strong className="audit-entry__action">{action}</strong>
        <span className="audit-entry__subject">{subject}</span>
        <time className="audit-entry__when" dateTime={new Date(record.at_epoch * 1000).toISOString()}>
          {when}
        </time>
      </div>
      <p className="audit-entry__who">
        {actor.key ? t(actor.key) : actor.text}
        {record.actor_role ? ` · ${t(roleLabel(record.actor_role))}` : null}
        {device ? (
          <span className="audit-entry__device">
            {' '}
            · {t('staff.audit.device')}: {device}
          </span>
        ) : null}
      </p>
      {changes.length > 0 ? (
        <dl className="audit-entry__changes">
          {changes.map((change) => (
            <div key={change.field} className="audit-change">
              <dt>{change.field}</dt>
              <dd>
                {record.before === null ? (
                  <>
                    <span className="audit-change__created">{t('staff.audit.created')}</span>{' '}
                    <span className="audit-change__after">{change.after}</span>
                  </>
                ) : (
                  <>
                    <span className="audit-change__before">{change.before}</span>
                    <span aria-hidden="true"> → </span>
                    <span className="audit-change__after">{change.after}</span>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {record.reason ? (
        <p className="audit-entry__reason">
          {t('staff.audit.reason')}: {record.reason}
        </p>
      ) : null}
    </li>
  );
}

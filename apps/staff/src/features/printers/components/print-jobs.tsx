import { useState } from 'react';
import { staff } from '@santap/api-client';
import { Button, useToast, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import { JOB_STATUS_LABEL, KIND_LABEL, clockTime } from '../../../lib/printing/printer-words';
import type { StaffPrintJob } from '../../../lib/printing/types';

function JobRow({
  job,
  timeZone,
  locale,
  onReprinted,
}: {
  job: StaffPrintJob;
  timeZone: string;
  locale: string;
  onReprinted: () => void;
}) {
  const { t } = useUiTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const failed = job.status === 'failed';
  // Only an order's docket or receipt prints again; the reprint goes to the same printer while it exists.
  const reprintKind = job.kind === 'receipt' ? 'receipt' : 'order_new';
  const reprint = async () => {
    if (job.order_id === null) return;
    setBusy(true);
    try {
      const reply = await api.call(staff.staffReprint, {
        params: { orderId: job.order_id },
        body:
          job.printer_id === null ? { kind: reprintKind } : { kind: reprintKind, printer_id: job.printer_id },
      });
      toast.show(t(reply.jobs.length > 0 ? 'printers.reprinted' : 'printers.reprintNone'), {
        tone: reply.jobs.length > 0 ? 'success' : 'error',
      });
      onReprinted();
    } catch (error) {
      toast.show(errorText(error, t), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const label = t('printers.jobs.row', {
    heading: job.heading,
    kind: t(KIND_LABEL[job.kind]),
    printer: job.printer_name,
  });
  return (
    <li className={`printers-job${failed ? ' printers-job--failed' : ''}`} aria-label={label}>
      <span className="printers-job__what">
        <strong>{job.heading}</strong> · {t(KIND_LABEL[job.kind])} · {job.printer_name}
        {job.reprint ? <em className="printers-job__mark"> {t('printers.jobs.reprintMark')}</em> : null}
      </span>
      <span className={`printers-job__status printers-job__status--${job.status}`}>
        {t(JOB_STATUS_LABEL[job.status])}
      </span>
      <span className="printers-job__time">
        {job.printed_epoch !== null
          ? t('printers.jobs.printed', { time: clockTime(job.printed_epoch, timeZone, locale) })
          : t('printers.jobs.created', { time: clockTime(job.created_epoch, timeZone, locale) })}
      </span>
      {failed && job.failure ? <span className="printers-job__failure">{job.failure}</span> : null}
      {job.order_id !== null &&
      (job.kind === 'order_new' || job.kind === 'order_added' || job.kind === 'receipt') ? (
        <Button variant={failed ? 'primary' : 'secondary'} loading={busy} onClick={() => void reprint()}>
          {t('printers.reprint')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The restaurant's recent print jobs (`staff.printJobs`, newest first): the failed ones first under
 * their own heading, each with why, then the rest; each order's docket or receipt with 'Reprint'.
 */
export function PrintJobs({
  jobs,
  timeZone,
  locale,
  onReprinted,
}: {
  jobs: readonly StaffPrintJob[];
  timeZone: string;
  locale: string;
  onReprinted: () => void;
}) {
  const { t } = useUiTranslation();
  const failed = jobs.filter((job) => job.status === 'failed');
  const rest = jobs.filter((job) => job.status !== 'failed');
  const list = (some: readonly StaffPrintJob[]) => (
    <ul className="printers-jobs__list">
      {some.map((job) => (
        <JobRow key={job.job_id} job={job} timeZone={timeZone} locale={locale} onReprinted={onReprinted} />
      ))}
    </ul>
  );
  return (
    <section className="printers-jobs" aria-label={t('printers.jobs.title')}>
      <h2>{t('printers.jobs.title')}</h2>
      {jobs.length === 0 ? <p>{t('printers.jobs.empty')}</p> : null}
      {failed.length > 0 ? (
        <section className="printers-jobs__failed" aria-label={t('printers.jobs.failedHeading')}>
          <h3>{t('printers.jobs.failedHeading')}</h3>
          {list(failed)}
        </section>
      ) : null}
      {rest.length > 0 ? list(rest) : null}
    </section>
  );
}

import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { ServerMessage, staff } from '@santap/api-client';
import { Button, useToast, useUiTranslation } from '@santap/ui';
import type { UiTranslate } from '@santap/ui';
import { api } from '../../../lib/api';
import { errorText } from '@santap/web';

type RowError = { line: number; error: staff.MenuImportError };

/** What is wrong with a line, in the user's language. */
function problem(error: staff.MenuImportError, t: UiTranslate): string {
  switch (error) {
    case 'header':
      return t('staff.import.error.header');
    case 'json':
      return t('staff.import.error.json');
    case 'empty':
      return t('staff.import.error.empty');
    case 'tooMany':
      return t('staff.import.error.tooMany', { max: staff.MENU_IMPORT_MAX_ROWS });
    case 'category':
      return t('staff.import.error.category');
    case 'nameEn':
      return t('staff.import.error.nameEn');
    case 'nameId':
      return t('staff.import.error.nameId');
    case 'nameMy':
      return t('staff.import.error.nameMy');
    case 'price':
      return t('staff.import.error.price');
    case 'orderTypes':
      return t('staff.import.error.orderTypes');
    case 'duplicate':
      return t('staff.import.error.duplicate');
  }
}

const rowErrorsOf = (failure: unknown): RowError[] | null => {
  if (!(failure instanceof ServerMessage)) return null;
  const rows = (failure.details as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as RowError[]) : null;
};

/**
 * A manager's menu import (onboarding): a CSV or JSON file, checked on the server line by line and
 * saved all or nothing (contract `staff.menuImport`); every wrong line is listed with its number.
 */
export function MenuImport({ onImported }: { onImported: () => void }) {
  const { t } = useUiTranslation();
  const toast = useToast();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [rows, setRows] = useState<{ errors: RowError[]; json: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const json = /\.json$/i.test(file.name);
    setBusy(true);
    setRows(null);
    setFailure(null);
    try {
      const content = await file.text();
      const reply = await api.call(staff.staffMenuImport, {
        body: { format: json ? 'json' : 'csv', content },
      });
      toast.show(t('staff.import.done', { created: reply.created, updated: reply.updated }), {
        tone: 'success',
      });
      onImported();
    } catch (error) {
      const errors = rowErrorsOf(error);
      if (errors) setRows({ errors, json });
      else setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="staff-import">
      <summary>{t('staff.import.title')}</summary>
      <p>{t('staff.import.help')}</p>
      <form className="staff-import__form" onSubmit={(event) => void submit(event)}>
        <label htmlFor={fileId}>{t('staff.import.file')}</label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button type="submit" loading={busy} disabled={!file}>
          {t('staff.import.submit')}
        </Button>
      </form>
      {failure ? <p role="alert">{failure}</p> : null}
      {rows ? (
        <div role="alert" className="staff-import__errors">
          <p>{t('staff.import.failed')}</p>
          <ul>
            {rows.errors.map(({ line, error }) => (
              <li key={`${line}-${error}`}>
                {rows.json
                  ? t('staff.import.entry', { line, error: problem(error, t) })
                  : t('staff.import.line', { line, error: problem(error, t) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </details>
  );
}

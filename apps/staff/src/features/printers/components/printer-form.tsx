import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { staff } from '@santap/api-client';
import type { EndpointInput } from '@santap/api-client';
import { Banner, Button, CheckboxGroup, Dialog, RadioGroup, TextField, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { api } from '../../../lib/api';
import { isTabletPrinter } from '../../../lib/printing/printer-states';
import { COMMAND_SET_LABEL, CONNECTION_LABEL, KIND_LABEL } from '../../../lib/printing/printer-words';
import type { StaffPrinter } from '../../../lib/printing/types';

type Settings = EndpointInput<typeof staff.staffCreatePrinter>['body'];
type Kind = StaffPrinter['prints'][number];

const CONNECTIONS = Object.keys(CONNECTION_LABEL) as StaffPrinter['connection'][];
const KINDS = Object.keys(KIND_LABEL) as Kind[];
const LANGUAGE_LABEL = {
  en: 'printers.language.en',
  id: 'printers.language.id',
  my: 'printers.language.my',
} as const;
const WIDTH_LABEL = { '58': 'printers.width.mm58', '80': 'printers.width.mm80' } as const;

/** A new printer's settings: a cloud printer of every dish printing new and added orders, in `language`. */
function blank(language: Settings['language']): Settings {
  return {
    name: '',
    station: null,
    connection: 'cloudprnt',
    command_set: 'esc-pos',
    paper_width: 80,
    language,
    prints: ['order_new', 'order_added', 'order_cancelled'],
    copies: 1,
    printer_only: false,
  };
}

/** The settings of a printer as the form edits them (its state and queue left out). */
const settingsOf = (printer: StaffPrinter): Settings => ({
  name: printer.name,
  station: printer.station,
  connection: printer.connection,
  command_set: printer.command_set,
  paper_width: printer.paper_width,
  language: printer.language,
  prints: [...printer.prints],
  copies: printer.copies,
  printer_only: printer.printer_only,
});

/** The reply of a create or an update: the printer and, when made or rotated, its password once. */
export type SavedPrinter = Awaited<ReturnType<typeof savePrinter>>;

function savePrinter(printer: StaffPrinter | null, settings: Settings) {
  if (!printer) return api.call(staff.staffCreatePrinter, { body: settings });
  const { connection: _fixed, ...changes } = settings;
  return api.call(staff.staffUpdatePrinter, { params: { printerId: printer.printer_id }, body: changes });
}

/**
 * A manager's printer editor (a dialog): name, station (the restaurant's kitchen stations, or every
 * dish), connection (fixed once made), the command set of a tablet printer, paper width, the docket's
 * language, what it prints, copies, paper only. Checks what the contract checks; the server's refusal
 * is shown in the form.
 */
export function PrinterForm({
  printer,
  stations,
  onClose,
  onSaved,
}: {
  /** The printer to edit; null: a new one. */
  printer: StaffPrinter | null;
  /** The restaurant's kitchen station names (settings.kitchen.stations). */
  stations: readonly string[];
  onClose: () => void;
  onSaved: (saved: SavedPrinter) => void;
}) {
  const { t, language } = useUiTranslation();
  const formId = useId();
  const [settings, setSettings] = useState<Settings>(() =>
    printer ? settingsOf(printer) : blank(language === 'id' || language === 'my' ? language : 'en'),
  );
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) =>
    setSettings((current) => ({ ...current, [key]: value }));

  const nameError = checked && !settings.name.trim() ? t('validation.required') : undefined;
  const printsError =
    checked && settings.prints.length === 0 ? t('printers.field.printsRequired') : undefined;
  // A station renamed or removed since: still shown, so saving does not silently move the printer.
  const stationNames =
    settings.station && !stations.includes(settings.station) ? [...stations, settings.station] : stations;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!settings.name.trim() || settings.prints.length === 0) return;
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await savePrinter(printer, { ...settings, name: settings.name.trim() }));
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={printer ? t('printers.editTitle', { name: printer.name }) : t('printers.addTitle')}
      busy={busy}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t('printers.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('printers.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="printers-form" noValidate onSubmit={(event) => void submit(event)}>
        {failure ? <Banner tone="error">{failure}</Banner> : null}
        <TextField
          label={t('printers.field.name')}
          value={settings.name}
          maxLength={60}
          error={nameError}
          onChange={(event) => set('name', event.target.value)}
          required
        />
        <label className="staff-select">
          <span>{t('printers.field.station')}</span>
          <select
            value={settings.station ?? ''}
            onChange={(event) => set('station', event.target.value === '' ? null : event.target.value)}
          >
            <option value="">{t('printers.field.stationAll')}</option>
            {stationNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <div className="printers-form__field">
          <label className="staff-select">
            <span>{t('printers.field.connection')}</span>
            <select
              value={settings.connection}
              disabled={printer !== null}
              aria-describedby={printer ? `${formId}-fixed` : undefined}
              onChange={(event) => set('connection', event.target.value as Settings['connection'])}
            >
              {CONNECTIONS.map((connection) => (
                <option key={connection} value={connection}>
                  {t(CONNECTION_LABEL[connection])}
                </option>
              ))}
            </select>
          </label>
          {printer ? (
            <small id={`${formId}-fixed`} className="printers-form__hint">
              {t('printers.field.connectionFixed')}
            </small>
          ) : null}
        </div>
        {isTabletPrinter(settings) ? (
          <RadioGroup
            legend={t('printers.field.commandSet')}
            options={(['esc-pos', 'star-prnt'] as const).map((value) => ({
              value,
              label: t(COMMAND_SET_LABEL[value]),
            }))}
            value={settings.command_set ?? 'esc-pos'}
            onChange={(value) => set('command_set', value)}
          />
        ) : null}
        <RadioGroup
          legend={t('printers.field.paperWidth')}
          options={(['58', '80'] as const).map((value) => ({ value, label: t(WIDTH_LABEL[value]) }))}
          value={String(settings.paper_width) as '58' | '80'}
          onChange={(value) => set('paper_width', value === '58' ? 58 : 80)}
        />
        <div className="printers-form__field">
          <label className="staff-select">
            <span>{t('printers.field.language')}</span>
            <select
              value={settings.language}
              aria-describedby={`${formId}-language`}
              onChange={(event) => set('language', event.target.value as Settings['language'])}
            >
              {(['en', 'id', 'my'] as const).map((code) => (
                <option key={code} value={code}>
                  {t(LANGUAGE_LABEL[code])}
                </option>
              ))}
            </select>
          </label>
          <small id={`${formId}-language`} className="printers-form__hint">
            {t('printers.field.languageHint')}
          </small>
        </div>
        <CheckboxGroup
          legend={t('printers.field.prints')}
          options={KINDS.map((kind) => ({ value: kind, label: t(KIND_LABEL[kind]) }))}
          values={settings.prints}
          error={printsError}
          onToggle={(kind, on) =>
            set(
              'prints',
              KINDS.filter((each) => (each === kind ? on : settings.prints.includes(each))),
            )
          }
        />
        <label className="staff-select">
          <span>{t('printers.field.copies')}</span>
          <select value={settings.copies} onChange={(event) => set('copies', Number(event.target.value))}>
            {[1, 2, 3, 4, 5].map((copies) => (
              <option key={copies} value={copies}>
                {copies}
              </option>
            ))}
          </select>
        </label>
        <label className="printers-form__check">
          <input
            type="checkbox"
            checked={settings.printer_only}
            aria-describedby={`${formId}-only`}
            onChange={(event) => set('printer_only', event.target.checked)}
          />
          <span>
            {t('printers.field.printerOnly')}
            <small id={`${formId}-only`} className="printers-form__hint">
              {t('printers.field.printerOnlyHint')}
            </small>
          </span>
        </label>
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  EINVOICE_ID_TYPES,
  MY_STATE_CODES,
  ServerMessage,
  invoices,
  isWellFormedTin,
  normaliseIdValue,
  normaliseTin,
} from '@santap/api-client';
import type { EInvoiceIdType } from '@santap/api-client';
import type { TranslationKey } from '@santap/i18n';
import { Banner, Button, RadioGroup, SelectField, TextField } from '@santap/ui';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { MY_STATE_NAMES, buyerErrors, buyerInputOf, fieldErrorsOf } from '../lib/einvoice-buyer';
import type { BuyerDraft, BuyerField } from '../lib/einvoice-buyer';
import { errorCodeOf, errorText } from '@santap/web';

const ID_TYPE_KEY: Readonly<Record<EInvoiceIdType | 'NONE', TranslationKey>> = {
  NRIC: 'account.einvoice.idNric',
  PASSPORT: 'account.einvoice.idPassport',
  BRN: 'account.einvoice.idBrn',
  ARMY: 'account.einvoice.idArmy',
  NONE: 'account.einvoice.idNone',
};

/** Which field a refusal belongs to, by its catalogue key. */
const FIELD_OF_KEY: Readonly<Record<string, BuyerField>> = {
  'validation.tinFormat': 'tin',
  'validation.tinInvalid': 'tin',
  'validation.idNumberInvalid': 'id_value',
  'validation.phoneInvalid': 'contact',
};

/** What the e-invoice is of, as `einvoice.submit` names it: an order, or a payer's share of a table's tab. */
export type EInvoiceSubjectId = { order_id: number } | { tab_share_id: number };

type TinCheck =
  { kind: 'idle' } | { kind: 'checking' } | { kind: 'valid' } | { kind: 'invalid'; message: string };

/**
 * The Malaysian e-invoice form (FACTS 'MyInvois'): buyer name, ID type and number, TIN
 * (checked against the ID with MyInvois on demand; LHDN's general TIN when left empty), SST number,
 * address with the state, contact number and email. Checked with the contract's schema before sending;
 * the server's refusals land under their fields.
 */
export function EInvoiceForm({
  subject,
  initial,
  onSubmitted,
}: {
  subject: EInvoiceSubjectId;
  initial: BuyerDraft;
  onSubmitted: () => void;
}) {
  const { t } = useT();
  const [draft, setDraft] = useState<BuyerDraft>(initial);
  const [errors, setErrors] = useState<Partial<Record<BuyerField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const [tinCheck, setTinCheck] = useState<TinCheck>({ kind: 'idle' });
  const [sending, setSending] = useState(false);

  const set = (field: keyof BuyerDraft) => (value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    if (field === 'tin' || field === 'idType' || field === 'idValue') setTinCheck({ kind: 'idle' });
  };
  const text = (field: keyof BuyerDraft) => ({
    value: draft[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });
  const show = (keys: Partial<Record<BuyerField, TranslationKey>>) => {
    setErrors(Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(key)])));
    const first = Object.keys(keys)[0];
    if (first) document.getElementById(`einvoice-${first.replace('.', '-')}`)?.focus();
  };

  const checkTin = async () => {
    const tin = normaliseTin(draft.tin);
    if (!isWellFormedTin(tin)) {
      setTinCheck({ kind: 'invalid', message: t('validation.tinFormat') });
      return;
    }
    if (draft.idType === 'NONE' || draft.idValue.trim() === '') {
      show({
        ...(draft.idType === 'NONE' ? { id_type: 'validation.required' } : {}),
        id_value: 'validation.required',
      });
      return;
    }
    setTinCheck({ kind: 'checking' });
    try {
      const reply = await api.call(invoices.taxpayerTin, {
        query: { tin, idType: draft.idType, idValue: normaliseIdValue(draft.idType, draft.idValue) },
      });
      setTinCheck(
        reply.valid
          ? { kind: 'valid' }
          : { kind: 'invalid', message: reply.message ?? t('validation.tinInvalid') },
      );
    } catch (error) {
      setTinCheck({ kind: 'invalid', message: errorText(error, t) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setFormError(undefined);
    const found = buyerErrors(draft);
    show(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await api.call(invoices.eInvoiceSubmit, {
        body: { ...subject, buyer: buyerInputOf(draft) },
      });
      onSubmitted();
    } catch (error) {
      const details = error instanceof ServerMessage && Array.isArray(error.details) ? error.details : [];
      const byDetails = fieldErrorsOf(details as { path: string; message: string }[]);
      const field = FIELD_OF_KEY[errorCodeOf(error) ?? ''];
      if (Object.keys(byDetails).length > 0) show(byDetails);
      else if (field) setErrors({ [field]: errorText(error, t) });
      else setFormError(errorText(error, t));
    } finally {
      setSending(false);
    }
  };

  const tinError = errors.tin ?? (tinCheck.kind === 'invalid' ? tinCheck.message : undefined);
  return (
    <form className="dn-stack" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="account-fieldset">
        <legend className="dn-section-title">{t('account.einvoice.buyerTitle')}</legend>
        <TextField
          id="einvoice-name"
          label={t('account.einvoice.name')}
          autoComplete="name"
          required
          error={errors.name}
          {...text('name')}
        />
        <RadioGroup<EInvoiceIdType | 'NONE'>
          legend={t('account.einvoice.idType')}
          value={draft.idType}
          onChange={set('idType')}
          error={errors.id_type}
          options={[...EINVOICE_ID_TYPES, 'NONE' as const].map((type) => ({
            value: type,
            label: t(ID_TYPE_KEY[type]),
          }))}
        />
        {draft.idType !== 'NONE' ? (
          <TextField
            id="einvoice-id_value"
            label={t('account.einvoice.idNumber')}
            autoComplete="off"
            error={errors.id_value}
            {...text('idValue')}
          />
        ) : null}
        <TextField
          id="einvoice-tin"
          label={`${t('account.einvoice.tin')} (${t('ui.common.optional')})`}
          hint={t('account.einvoice.tinHint')}
          autoComplete="off"
          autoCapitalize="characters"
          error={tinError}
          {...text('tin')}
        />
        {draft.tin.trim() !== '' ? (
          <div className="dn-actions">
            <Button
              variant="secondary"
              loading={tinCheck.kind === 'checking'}
              onClick={() => void checkTin()}
            >
              {t('account.einvoice.checkTin')}
            </Button>
            {tinCheck.kind === 'valid' ? (
              <p role="status" className="account-ok">
                {t('account.einvoice.tinValid')}
              </p>
            ) : null}
          </div>
        ) : null}
        <TextField
          id="einvoice-sst_number"
          label={`${t('account.einvoice.sst')} (${t('ui.common.optional')})`}
          hint={t('account.einvoice.sstHint')}
          autoComplete="off"
          error={errors.sst_number}
          {...text('sst')}
        />
      </fieldset>

      <fieldset className="account-fieldset">
        <legend className="dn-section-title">{t('account.einvoice.addressTitle')}</legend>
        <TextField
          id="einvoice-address-line1"
          label={t('account.einvoice.line1')}
          autoComplete="address-line1"
          required
          error={errors['address.line1']}
          {...text('line1')}
        />
        <TextField
          id="einvoice-address-line2"
          label={`${t('account.einvoice.line2')} (${t('ui.common.optional')})`}
          autoComplete="address-line2"
          error={errors['address.line2']}
          {...text('line2')}
        />
        <TextField
          id="einvoice-address-city"
          label={t('account.einvoice.city')}
          autoComplete="address-level2"
          required
          error={errors['address.city']}
          {...text('city')}
        />
        <TextField
          id="einvoice-address-postcode"
          label={`${t('account.einvoice.postcode')} (${t('ui.common.optional')})`}
          autoComplete="postal-code"
          inputMode="numeric"
          error={errors['address.postcode']}
          {...text('postcode')}
        />
        <SelectField
          id="einvoice-address-state"
          label={t('account.einvoice.state')}
          hint={t('account.einvoice.stateHint')}
          value={draft.state}
          onChange={set('state')}
          error={errors['address.state']}
          options={MY_STATE_CODES.map((code) => ({
            value: code,
            label: MY_STATE_NAMES[code] ?? t('account.einvoice.stateAbroad'),
          }))}
        />
        {draft.state === '17' ? (
          <TextField
            id="einvoice-address-country"
            label={t('account.einvoice.country')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={3}
            error={errors['address.country']}
            {...text('country')}
          />
        ) : null}
      </fieldset>

      <fieldset className="account-fieldset">
        <legend className="dn-section-title">{t('account.einvoice.contactTitle')}</legend>
        <TextField
          id="einvoice-contact"
          label={t('account.einvoice.contact')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          error={errors.contact}
          {...text('contact')}
        />
        <TextField
          id="einvoice-email"
          label={t('account.einvoice.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          error={errors.email}
          {...text('email')}
        />
      </fieldset>

      {formError ? <Banner tone="error">{formError}</Banner> : null}
      <Button type="submit" fullWidth loading={sending}>
        {t('account.einvoice.submit')}
      </Button>
    </form>
  );
}

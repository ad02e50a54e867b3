import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { staff } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { formatMoney, moneyInputText, parseMoneyInput } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { Button, CheckboxGroup, Dialog, TextField, useUiTranslation } from '@santap/ui';
import { api } from '../../../lib/api';
import { orderTypeLabel } from '../lib/order-types';
import { PhotoUpload } from './photo-upload';
import { errorText } from '@santap/web';

export type StaffMenu = EndpointData<typeof staff.staffMenu>;
export type StaffDish = StaffMenu['items'][number];

const LANGUAGES = ['en', 'id', 'my'] as const;

/**
 * A manager's editor of one dish: its photo (uploaded at once, `PhotoUpload`), price, its name in English, Indonesian and Malay, category and the
 * order types it is offered for (of those the restaurant offers; others it had are kept). Checked here
 * as the server checks it (contract `staffUpdateItem`); the server's refusal ('Menu items are being
 * updated', not found) is shown in the form.
 */
export function DishEditor({
  dish,
  menu,
  onClose,
  onSaved,
  onPhoto,
}: {
  dish: StaffDish;
  menu: StaffMenu;
  onClose: () => void;
  onSaved: (dish: StaffDish) => void;
  /** The dish's photo was replaced (saved at once, apart from the form). */
  onPhoto: (dish: StaffDish) => void;
}) {
  const { t, language } = useUiTranslation();
  const formId = useId();
  const currency = menu.currency as Currency;
  const [price, setPrice] = useState(moneyInputText(dish.price, currency));
  const [names, setNames] = useState({ ...dish.names });
  const [categoryId, setCategoryId] = useState(dish.category_id);
  const [types, setTypes] = useState<number[]>(dish.order_types);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const minor = parseMoneyInput(price, currency);
  const priceOk = minor !== null && minor > 0 && minor <= staff.MENU_PRICE_MAX;
  const offered = types.filter((type) => menu.order_types.includes(type));
  const nameError = (lang: (typeof LANGUAGES)[number]) =>
    checked && !names[lang].trim() ? t('validation.required') : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!priceOk || offered.length === 0 || LANGUAGES.some((lang) => !names[lang].trim())) return;
    setBusy(true);
    setFailure(null);
    try {
      const saved = await api.call(staff.staffUpdateItem, {
        params: { itemId: dish.id },
        body: {
          price: minor,
          names: { en: names.en.trim(), id: names.id.trim(), my: names.my.trim() },
          category_id: categoryId,
          order_types: types as (1 | 2 | 3)[],
        },
      });
      onSaved(saved);
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const nameLabel = { en: t('staff.menu.nameEn'), id: t('staff.menu.nameId'), my: t('staff.menu.nameMy') };
  return (
    <Dialog
      open
      variant="center"
      onClose={onClose}
      busy={busy}
      title={t('staff.menu.editTitle', { name: dish.name })}
      className="staff-dish-editor"
      footer={
        <div className="staff-dish-editor__actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('staff.menu.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t('staff.menu.save')}
          </Button>
        </div>
      }
    >
      <form id={formId} className="staff-dish-editor__form" noValidate onSubmit={(e) => void submit(e)}>
        {failure ? (
          <p role="alert" className="staff-dish-editor__failure">
            {failure}
          </p>
        ) : null}
        <PhotoUpload
          title={t('staff.menu.photo')}
          label={dish.names.en || dish.name}
          photo={dish.photo}
          upload={async (file) =>
            (await api.call(staff.staffDishPhoto, { params: { itemId: dish.id } }, { file })).photo
          }
          onUploaded={(photo) => onPhoto({ ...dish, photo })}
        />
        <TextField
          label={t('staff.menu.price', { currency })}
          inputMode={currency === 'IDR' ? 'numeric' : 'decimal'}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={
            checked && !priceOk
              ? t('staff.menu.priceInvalid', {
                  max: formatMoney(staff.MENU_PRICE_MAX, currency, language),
                })
              : undefined
          }
        />
        {LANGUAGES.map((lang) => (
          <TextField
            key={lang}
            label={nameLabel[lang]}
            lang={lang === 'my' ? 'ms' : lang}
            maxLength={staff.MENU_NAME_MAX}
            value={names[lang]}
            onChange={(event) => setNames((before) => ({ ...before, [lang]: event.target.value }))}
            error={nameError(lang)}
          />
        ))}
        <label className="staff-select">
          <span>{t('staff.menu.category')}</span>
          <select value={categoryId} onChange={(event) => setCategoryId(Number(event.target.value))}>
            {menu.categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <CheckboxGroup
          legend={t('staff.menu.orderTypes')}
          options={menu.order_types.map((type) => ({ value: String(type), label: orderTypeLabel(type, t) }))}
          values={types.map(String)}
          onToggle={(value, on) =>
            setTypes((before) =>
              on ? [...before, Number(value)].sort() : before.filter((type) => type !== Number(value)),
            )
          }
          error={checked && offered.length === 0 ? t('staff.menu.pickOrderType') : undefined}
        />
      </form>
    </Dialog>
  );
}

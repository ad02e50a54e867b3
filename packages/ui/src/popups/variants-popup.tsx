import { useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { canAddOption, validateSelections } from '@santap/domain';
import type { ChosenOption, Currency, MenuOption, OptionGroup, OptionSelections } from '@santap/domain';
import { formatMoney } from '@santap/domain';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import type { UiTranslate } from '../i18n/translation';
import { Badge } from '../components/badge';
import type { Allergen, BadgeFlag } from '../components/badge';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { CheckboxGroup, RadioGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { TextArea } from '../components/fields';
import { MoneyText } from '../components/money-text';
import { QuantityStepper } from '../components/quantity-stepper';
import { Skeleton } from '../components/spinner';
import { SevereAllergyConfirm, severeAllergyConflicts } from './severe-allergy-confirm';

/** A variant or add-on with its display name (restaurant data). */
export interface VariantOption extends MenuOption {
  name: string;
}

/** An option group of the dish with its display name ('Size', 'Add-ons'). */
export interface VariantGroup extends Omit<OptionGroup, 'options'> {
  name: string;
  options: VariantOption[];
}

/** The dish the popup configures. `price` is the base price per unit, in minor units. */
export interface VariantsDish {
  name: string;
  description?: string;
  price: number;
  currency: Currency;
  flags?: readonly BadgeFlag[];
}

/** What the diner chose, handed to `onAdd`. Prices are per unit and in minor units. */
export interface VariantsChoice {
  selections: OptionSelections;
  chosen: ChosenOption[];
  quantity: number;
  notes: string;
  unitPrice: number;
  total: number;
}

/** Props of {@link VariantsPopup}. */
export interface VariantsPopupProps {
  open: boolean;
  onClose: () => void;
  dish: VariantsDish;
  /** The dish's groups; `undefined` while they load (skeletons are shown). */
  groups: readonly VariantGroup[] | undefined;
  onAdd: (choice: VariantsChoice) => void;
  initialSelections?: OptionSelections;
  initialQuantity?: number;
  initialNotes?: string;
  /** The diner's saved allergies: matching allergen badges are highlighted. */
  allergies?: readonly Allergen[];
  /**
   * Those the diner marked severe: adding a dish that holds one asks 'Add anyway?' first (Cancel is
   * the default) and calls `onAdd` only on an explicit yes. Their badges are highlighted too.
   */
  severeAllergies?: readonly Allergen[];
  /** 'update' when editing a cart line. */
  mode?: 'add' | 'update';
  /** The add request is running. */
  adding?: boolean;
  /** The groups failed to load or the add request failed. */
  error?: UiMessage;
  maxQuantity?: number;
  notesMaxLength?: number;
  /**
   * Preset notes offered as toggle buttons instead of the free-text field (a touch kiosk has no
   * keyboard): the ones chosen, in the order given, joined by ', ', are the line's notes.
   */
  notePresets?: { label: string; options: readonly string[] };
  /** A class on the dialog panel (the kiosk sizes its popup for a 1080×1920 screen). */
  className?: string;
  /** The dish's photo (a `Photo`), shown above its description. */
  media?: ReactNode;
}

function groupHint(group: VariantGroup, t: UiTranslate): string {
  const parts: string[] = [];
  if (group.kind === 'one') parts.push(t('ui.variants.chooseOne'));
  else if (group.kind === 'upTo' && group.max !== undefined)
    parts.push(t('ui.variants.chooseUpTo', { max: group.max }));
  else parts.push(t('ui.variants.chooseAny'));
  if (group.min !== undefined && group.min > 1)
    parts.push(t('ui.variants.chooseAtLeast', { min: group.min }));
  parts.push(group.required ? t('validation.required') : t('ui.common.optional'));
  return parts.join(' · ');
}

const NONE = '';

/**
 * Variants and add-ons of a dish (spec §5): choose-one groups as radio buttons, choose-any and
 * up-to-max groups as checkboxes. Each tap on an add-on is checked with `canAddOption`, so the
 * limit message 'You have reached the maximum limit for this section/add-on' appears at the tap that
 * would exceed it (and the option stays off). Add checks the whole choice with `validateSelections`:
 * a required group left empty shows 'Please select any one option' on that group, moves focus there
 * and does not call `onAdd`. Quantity, kitchen notes and the live total (base + options) × quantity.
 * A dish holding an allergy the diner marked severe asks first ({@link SevereAllergyConfirm}).
 */
export function VariantsPopup({
  open,
  onClose,
  dish,
  groups,
  onAdd,
  initialSelections,
  initialQuantity = 1,
  initialNotes = '',
  allergies = [],
  severeAllergies = [],
  mode = 'add',
  adding = false,
  error,
  maxQuantity = 99,
  notesMaxLength = 200,
  notePresets,
  className,
  media,
}: VariantsPopupProps) {
  const { t, language } = useUiTranslation();
  const body = useRef<HTMLDivElement>(null);
  const [selections, setSelections] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(Object.entries(initialSelections ?? {}).map(([id, ids]) => [id, [...ids]])),
  );
  const [quantity, setQuantity] = useState(initialQuantity);
  const [notes, setNotes] = useState(initialNotes);
  const [presetsChosen, setPresetsChosen] = useState<readonly string[]>(() =>
    notePresets ? notePresets.options.filter((option) => initialNotes.split(', ').includes(option)) : [],
  );
  const [notices, setNotices] = useState<Record<string, string>>({});
  const [groupErrors, setGroupErrors] = useState<Record<string, string>>({});
  // A valid choice waiting for the diner's 'Add anyway' (the dish holds a severe allergy).
  const [unconfirmed, setUnconfirmed] = useState<VariantsChoice | undefined>();
  const severe = useMemo(
    () =>
      severeAllergyConflicts(
        (dish.flags ?? []).flatMap((flag) => (flag.kind === 'allergen' ? [flag.allergen] : [])),
        severeAllergies,
      ),
    [dish.flags, severeAllergies],
  );

  const unitPrice = useMemo(() => {
    let sum = dish.price;
    for (const group of groups ?? []) {
      for (const id of selections[group.id] ?? [])
        sum += group.options.find((option) => option.id === id)?.price ?? 0;
    }
    return sum;
  }, [dish.price, groups, selections]);
  const total = unitPrice * quantity;

  const setGroup = (groupId: string, ids: string[]) => {
    setSelections((current) => ({ ...current, [groupId]: ids }));
    setGroupErrors(({ [groupId]: _cleared, ...rest }) => rest);
  };

  const toggle = (group: VariantGroup, optionId: string, checked: boolean) => {
    const current = selections[group.id] ?? [];
    if (!checked) {
      setGroup(
        group.id,
        current.filter((id) => id !== optionId),
      );
      setNotices(({ [group.id]: _cleared, ...rest }) => rest);
      return;
    }
    const allowed = canAddOption(group, current, optionId);
    if (!allowed.ok) {
      setNotices((all) => ({ ...all, [group.id]: t(allowed.key, allowed.values) }));
      return;
    }
    setNotices(({ [group.id]: _cleared, ...rest }) => rest);
    setGroup(group.id, [...current, optionId]);
  };

  const submit = () => {
    if (!groups || adding) return;
    const chosenSelections = Object.fromEntries(
      groups.map((group) => [group.id, (selections[group.id] ?? []).filter((id) => id !== NONE)]),
    );
    const result = validateSelections(groups, chosenSelections);
    if (!result.ok) {
      const errors: Record<string, string> = {};
      for (const problem of result.errors) errors[problem.groupId] ??= t(problem.key, problem.values);
      setGroupErrors(errors);
      const firstInvalid = groups.find((group) => errors[group.id] !== undefined);
      if (firstInvalid) {
        body.current
          ?.querySelector<HTMLElement>(`[data-group="${CSS.escape(firstInvalid.id)}"] input:not([disabled])`)
          ?.focus();
      }
      return;
    }
    const choice: VariantsChoice = {
      selections: chosenSelections,
      chosen: result.chosen,
      quantity,
      notes: notePresets
        ? notePresets.options.filter((option) => presetsChosen.includes(option)).join(', ')
        : notes.trim(),
      unitPrice,
      total,
    };
    // Changing a line already in the cart was confirmed when it was added.
    if (mode === 'add' && severe.length > 0) setUnconfirmed(choice);
    else onAdd(choice);
  };

  const priceOf = (option: VariantOption) =>
    option.price > 0 ? <MoneyText amount={option.price} currency={dish.currency} signed /> : undefined;

  const totalText = formatMoney(total, dish.currency, language);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={dish.name}
      busy={groups === undefined}
      {...(className ? { className } : {})}
      description={
        media || dish.description || dish.flags?.length ? (
          <>
            {media}
            {dish.description ? <p>{dish.description}</p> : null}
            {dish.flags?.length ? (
              <p className="st-badges">
                {dish.flags.map((flag) => (
                  <Badge
                    key={flag.kind === 'allergen' ? flag.allergen : flag.kind}
                    {...flag}
                    highlighted={
                      flag.kind === 'allergen' &&
                      (allergies.includes(flag.allergen) || severe.includes(flag.allergen))
                    }
                  />
                ))}
              </p>
            ) : null}
          </>
        ) : undefined
      }
      footer={
        <>
          <QuantityStepper value={quantity} onChange={setQuantity} max={maxQuantity} label={dish.name} />
          <Button onClick={submit} loading={adding} disabled={groups === undefined}>
            {mode === 'add'
              ? t('ui.variants.add', { total: totalText })
              : t('ui.variants.update', { total: totalText })}
          </Button>
        </>
      }
    >
      <div ref={body}>
        {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {groups === undefined ? (
            <div className="st-stack">
              <Skeleton height="24px" width="50%" />
              <Skeleton height="44px" />
              <Skeleton height="44px" />
              <Skeleton height="44px" />
            </div>
          ) : (
            groups.map((group) => {
              const options = group.options.map((option) => ({
                value: option.id,
                label: option.name,
                aside: priceOf(option),
                disabled: !option.available,
                description: option.available ? undefined : t('errors.outOfStock'),
              }));
              return (
                <div key={group.id} data-group={group.id}>
                  {group.kind === 'one' ? (
                    <RadioGroup
                      legend={group.name}
                      hint={groupHint(group, t)}
                      required={group.required}
                      options={
                        group.required ? options : [...options, { value: NONE, label: t('ui.variants.none') }]
                      }
                      value={selections[group.id]?.[0] ?? (group.required ? undefined : NONE)}
                      onChange={(value) => setGroup(group.id, value === NONE ? [] : [value])}
                      error={groupErrors[group.id]}
                    />
                  ) : (
                    <CheckboxGroup
                      legend={group.name}
                      hint={groupHint(group, t)}
                      options={options}
                      values={selections[group.id] ?? []}
                      onToggle={(value, checked) => toggle(group, value, checked)}
                      notice={notices[group.id]}
                      error={groupErrors[group.id]}
                    />
                  )}
                </div>
              );
            })
          )}
          {notePresets ? (
            <fieldset className="st-choices st-note-presets">
              <legend className="st-choices__legend">{notePresets.label}</legend>
              <div className="st-note-presets__list">
                {notePresets.options.map((option) => (
                  <button
                    key={option}
                    type="button"
                    className="st-kiosk-pill"
                    aria-pressed={presetsChosen.includes(option)}
                    onClick={() =>
                      setPresetsChosen((current) =>
                        current.includes(option)
                          ? current.filter((chosen) => chosen !== option)
                          : [...current, option],
                      )
                    }
                  >
                    {option}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : (
            <TextArea
              label={t('ui.variants.notesLabel')}
              hint={t('ui.notes.hint')}
              value={notes}
              maxLength={notesMaxLength}
              showCount
              onChange={(event) => setNotes(event.target.value)}
            />
          )}
        </form>
      </div>
      {unconfirmed ? (
        <SevereAllergyConfirm
          open
          allergens={severe}
          onCancel={() => setUnconfirmed(undefined)}
          onConfirm={() => {
            setUnconfirmed(undefined);
            onAdd(unconfirmed);
          }}
        />
      ) : null}
    </Dialog>
  );
}

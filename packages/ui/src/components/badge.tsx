import type { Allergen } from '@santap/domain';
import { useUiTranslation } from '../i18n/translation';
import type { UiTranslate } from '../i18n/translation';
import { Icon } from './icons';
import type { IconName } from './icons';
import { cx } from './cx';

// The allergy categories are the domain's (spec §3); re-exported for the components and apps that badge them.
export { ALLERGENS } from '@santap/domain';
export type { Allergen } from '@santap/domain';

/** What a {@link Badge} says about a dish. */
export type BadgeFlag =
  { kind: 'allergen'; allergen: Allergen } | { kind: 'halal' } | { kind: 'noPork' } | { kind: 'alcohol' };

/** Props of {@link Badge}. */
export type BadgeProps = BadgeFlag & {
  /** The dish holds one of the diner's saved allergies: shown in the warning colour and said aloud. */
  highlighted?: boolean;
};

/** The catalogue label of an allergen ('Gluten', 'Ikan'). */
export function allergenLabel(t: UiTranslate, allergen: Allergen): string {
  const keys = {
    gluten: 'ui.allergen.gluten',
    fish: 'ui.allergen.fish',
    nuts: 'ui.allergen.nuts',
    seafood: 'ui.allergen.seafood',
    shellfish: 'ui.allergen.shellfish',
  } as const;
  return t(keys[allergen]);
}

function describe(flag: BadgeFlag, t: UiTranslate): { icon: IconName; text: string; tone: string } {
  switch (flag.kind) {
    case 'allergen':
      return {
        icon: flag.allergen,
        text: t('ui.badge.contains', { allergen: allergenLabel(t, flag.allergen) }),
        tone: 'allergen',
      };
    case 'halal':
      return { icon: 'halal', text: t('ui.badge.halal'), tone: 'halal' };
    case 'noPork':
      return { icon: 'noPork', text: t('ui.badge.noPork'), tone: 'halal' };
    case 'alcohol':
      return { icon: 'alcohol', text: t('ui.badge.alcohol'), tone: 'alcohol' };
  }
}

/**
 * A dish flag with an icon and text (never colour alone): an allergen, halal, no pork or alcohol.
 * A `highlighted` allergen matches the diner's saved allergies and adds 'Your allergy'.
 */
export function Badge({ highlighted = false, ...flag }: BadgeProps) {
  const { t } = useUiTranslation();
  const { icon, text, tone } = describe(flag, t);
  return (
    <span className={cx('st-badge', `st-badge--${tone}`, highlighted && 'st-badge--highlighted')}>
      <Icon name={highlighted ? 'warning' : icon} size={16} />
      <span>{text}</span>
      {highlighted ? <span className="st-badge__strong">({t('ui.badge.yourAllergy')})</span> : null}
    </span>
  );
}

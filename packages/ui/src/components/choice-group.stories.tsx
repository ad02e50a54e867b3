import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { CheckboxGroup, RadioGroup } from './choice-group';
import { ALLERGENS, allergenLabel } from './badge';
import type { Allergen } from './badge';

function Groups({ withError }: { withError?: boolean }) {
  const { t } = useUiTranslation();
  const [occasion, setOccasion] = useState<string | undefined>();
  const [allergies, setAllergies] = useState<Allergen[]>(['nuts']);
  return (
    <div style={{ padding: 16 }}>
      <RadioGroup
        legend={t('ui.occasion.legend')}
        hint={t('validation.required')}
        value={occasion}
        onChange={setOccasion}
        required
        error={withError ? t('validation.selectAnyOneOption') : undefined}
        options={[
          { value: 'birthday', label: t('ui.occasion.birthday') },
          { value: 'anniversary', label: t('ui.occasion.anniversary') },
          { value: 'other', label: t('ui.occasion.other'), disabled: true },
        ]}
      />
      <CheckboxGroup
        legend={t('ui.allergies.legend')}
        values={allergies}
        onToggle={(value, checked) =>
          setAllergies((current) =>
            checked ? [...current, value] : current.filter((item) => item !== value),
          )
        }
        options={ALLERGENS.map((allergen) => ({ value: allergen, label: allergenLabel(t, allergen) }))}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/RadioGroup and CheckboxGroup',
  component: Groups,
} satisfies Meta<typeof Groups>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = { args: { withError: true } };

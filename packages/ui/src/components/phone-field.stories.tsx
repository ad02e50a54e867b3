import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { PhoneField } from './phone-field';
import type { PhoneCountry } from './phone-field';

function Phone({
  country: initial,
  switchable,
  invalid,
}: {
  country: PhoneCountry;
  switchable?: boolean;
  invalid?: boolean;
}) {
  const { t } = useUiTranslation();
  const [country, setCountry] = useState(initial);
  const [value, setValue] = useState(invalid ? '12' : '');
  return (
    <div style={{ padding: 16 }}>
      <PhoneField
        country={country}
        value={value}
        onChange={setValue}
        onCountryChange={switchable ? setCountry : undefined}
        error={invalid ? t('validation.phoneInvalid') : undefined}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/PhoneField',
  component: Phone,
  args: { country: 'MY' },
} satisfies Meta<typeof Phone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Malaysia: Story = {};
export const Indonesia: Story = { args: { country: 'ID' } };
export const CountrySwitch: Story = { args: { switchable: true } };
export const Invalid: Story = { args: { invalid: true } };

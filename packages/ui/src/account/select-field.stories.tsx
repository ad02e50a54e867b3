import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { SelectField } from './select-field';

/** State names are proper names (MyInvois state codes); the labels come from the catalogue. */
function StateField({ hint, error }: { hint?: boolean; error?: boolean }) {
  const { t } = useUiTranslation();
  const [state, setState] = useState('14');
  return (
    <div style={{ padding: 16 }}>
      <SelectField
        label={t('account.einvoice.state')}
        hint={hint ? t('account.einvoice.stateHint') : undefined}
        error={error ? t('validation.required') : undefined}
        value={state}
        onChange={setState}
        options={[
          { value: '10', label: 'Selangor' },
          { value: '14', label: 'Wilayah Persekutuan Kuala Lumpur' },
          { value: '07', label: 'Pulau Pinang' },
          { value: '17', label: t('account.einvoice.stateAbroad') },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Account/Select field',
  component: StateField,
} satisfies Meta<typeof StateField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Chosen: Story = {};
export const WithHint: Story = { args: { hint: true } };
export const Invalid: Story = { args: { error: true } };

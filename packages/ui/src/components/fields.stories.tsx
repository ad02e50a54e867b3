import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { useUiTranslation } from '../i18n/translation';
import { TextArea, TextField } from './fields';

function Fields({ error, disabled }: { error?: boolean; disabled?: boolean }) {
  const { t } = useUiTranslation();
  const [email, setEmail] = useState(error ? 'ali.example.com' : '');
  const [note, setNote] = useState('');
  return (
    <div style={{ padding: 16 }}>
      <TextField
        label={t('ui.invoice.email')}
        type="email"
        value={email}
        disabled={disabled}
        onChange={(event) => setEmail(event.target.value)}
        error={error ? t('validation.emailMissingAt') : undefined}
        autoComplete="email"
      />
      <TextArea
        label={t('ui.notes.label')}
        hint={t('ui.notes.hint')}
        value={note}
        maxLength={200}
        showCount
        disabled={disabled}
        onChange={(event) => setNote(event.target.value)}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/TextField',
  component: Fields,
} satisfies Meta<typeof Fields>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const WithError: Story = { args: { error: true } };
export const Disabled: Story = { args: { disabled: true } };

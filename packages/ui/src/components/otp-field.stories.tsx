import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { OtpField } from './otp-field';

function Otp({
  initial = '',
  wrong,
  onComplete,
}: {
  initial?: string;
  wrong?: boolean;
  onComplete?: (code: string) => void;
}) {
  const { t } = useUiTranslation();
  const [value, setValue] = useState(initial);
  return (
    <div style={{ padding: 16 }}>
      <OtpField
        value={value}
        onChange={setValue}
        onComplete={onComplete}
        error={wrong ? t('errors.incorrectOtp') : undefined}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/OtpField',
  component: Otp,
  args: { onComplete: fn() },
} satisfies Meta<typeof Otp>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const PartlyTyped: Story = { args: { initial: '123' } };
export const IncorrectOtp: Story = { args: { initial: '123456', wrong: true } };

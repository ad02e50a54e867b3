import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { StarRatingInput } from './star-rating-input';

/** The input with its own state, as a review screen holds it. */
function Rated({
  initial,
  withHint = false,
  withError = false,
  disabled = false,
  onChange,
}: {
  initial?: number;
  withHint?: boolean;
  withError?: boolean;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  const { t } = useUiTranslation();
  const [value, setValue] = useState(initial);
  return (
    <div style={{ padding: 16 }}>
      <StarRatingInput
        legend="Nasi Lemak"
        {...(withHint ? { hint: t('review.quantity', { quantity: 2 }) } : {})}
        {...(withError ? { error: t('review.rateOne') } : {})}
        value={value}
        disabled={disabled}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Reviews/Star rating input',
  component: Rated,
  args: { onChange: fn() },
} satisfies Meta<typeof Rated>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotRatedYet: Story = {};
export const FourStars: Story = { args: { initial: 4, withHint: true } };
export const Required: Story = { args: { withError: true } };
export const Disabled: Story = { args: { initial: 2, disabled: true } };

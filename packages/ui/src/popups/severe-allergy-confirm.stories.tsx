import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SevereAllergyConfirm } from './severe-allergy-confirm';

const meta = {
  title: 'Popups/Severe allergy confirm',
  component: SevereAllergyConfirm,
  args: { open: true, allergens: ['nuts'], onCancel: fn(), onConfirm: fn() },
} satisfies Meta<typeof SevereAllergyConfirm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneAllergen: Story = {};
export const TwoAllergens: Story = { args: { allergens: ['nuts', 'shellfish'] } };

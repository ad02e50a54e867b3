import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AllergyEditPopup } from './allergy-edit-popup';

const meta = {
  title: 'Account/Allergy edit popup',
  component: AllergyEditPopup,
  args: {
    open: true,
    onClose: fn(),
    onSave: fn(),
    onRemove: fn(),
    allergen: 'nuts',
    severity: 'avoid',
  },
} satisfies Meta<typeof AllergyEditPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Avoid: Story = {};
export const SevereWithNote: Story = {
  args: { allergen: 'shellfish', severity: 'severe', note: 'Even traces: please use a clean pan.' },
};
export const Saving: Story = { args: { saving: true } };
export const Failed: Story = { args: { error: 'errors.somethingWentWrong' } };

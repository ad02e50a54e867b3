import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AllergiesPopup } from './allergies-popup';

const meta = {
  title: 'Popups/Allergies',
  component: AllergiesPopup,
  args: { open: true, onClose: fn(), onSave: fn(), value: ['nuts', 'shellfish'] },
} satisfies Meta<typeof AllergiesPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {};
export const None: Story = { args: { value: [] } };
export const Loading: Story = { args: { value: undefined } };
export const SaveFailed: Story = { args: { error: 'errors.noInternet' } };

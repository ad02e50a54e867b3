import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { OccasionPopup } from './occasion-popup';

const meta = {
  title: 'Popups/Occasion',
  component: OccasionPopup,
  args: { open: true, onClose: fn(), onSave: fn() },
} satisfies Meta<typeof OccasionPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choose: Story = {};
export const Birthday: Story = { args: { value: 'birthday' } };
export const Other: Story = { args: { value: 'other', otherText: 'Graduation' } };
export const Saving: Story = { args: { value: 'birthday', saving: true } };

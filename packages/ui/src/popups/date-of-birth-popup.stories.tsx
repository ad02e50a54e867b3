import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { DateOfBirthPopup } from './date-of-birth-popup';

const meta = {
  title: 'Popups/Date of birth',
  component: DateOfBirthPopup,
  args: {
    open: true,
    onClose: fn(),
    onSave: fn(),
    now: new Date('2025-03-14T04:00:00Z'),
    timeZone: 'Asia/Kuala_Lumpur',
  },
} satisfies Meta<typeof DateOfBirthPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Enter: Story = {};
export const Confirm: Story = { args: { initialValue: '1990-03-14', initialStep: 'confirm' } };
export const Saving: Story = { args: { initialValue: '1990-03-14', initialStep: 'confirm', saving: true } };
export const SaveFailed: Story = {
  args: { initialValue: '1990-03-14', initialStep: 'confirm', error: 'errors.somethingWentWrong' },
};

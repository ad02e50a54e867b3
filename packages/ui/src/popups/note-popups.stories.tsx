import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NotesPopup, SpecialRequestPopup } from './note-popups';

const meta = {
  title: 'Popups/Special request and notes',
  component: SpecialRequestPopup,
  args: { open: true, onClose: fn(), onSave: fn(), value: '' },
} satisfies Meta<typeof SpecialRequestPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SpecialRequest: Story = {};
export const SpecialRequestSaving: Story = { args: { value: 'Birthday candle please', saving: true } };
export const SpecialRequestFailed: Story = {
  args: { value: 'Birthday candle please', error: 'errors.noInternet' },
};
const FULL_REQUEST = 'Birthday candle please, and a quiet table';
/** Written up to the limit: the counter shows it full and no more can be typed. */
export const SpecialRequestAtLimit: Story = {
  args: { value: FULL_REQUEST, maxLength: FULL_REQUEST.length },
};
export const DishNote: Story = {
  render: (args) => <NotesPopup {...args} subject="Mee Goreng Mamak" value="No egg" />,
};

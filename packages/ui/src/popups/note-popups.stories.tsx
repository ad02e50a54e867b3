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
export const DishNote: Story = {
  render: (args) => <NotesPopup {...args} subject="Mee Goreng Mamak" value="No egg" />,
};

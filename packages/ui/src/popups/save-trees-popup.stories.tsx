import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SaveTreesPopup } from './save-trees-popup';

const meta = {
  title: 'Popups/Save trees',
  component: SaveTreesPopup,
  args: { open: true, onClose: fn(), onSave: fn(), value: { noCutlery: false, noPaper: false } },
} satisfies Meta<typeof SaveTreesPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingLeftOut: Story = {};
export const NoCutlery: Story = { args: { value: { noCutlery: true, noPaper: false } } };
export const Saving: Story = { args: { value: { noCutlery: true, noPaper: true }, saving: true } };
/** The cart could not save the choice (offline): the popup stays open with the choice and says why. */
export const SaveFailed: Story = {
  args: { value: { noCutlery: true, noPaper: false }, error: 'errors.noInternet' },
};

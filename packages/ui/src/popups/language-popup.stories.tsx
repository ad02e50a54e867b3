import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LanguagePopup } from './language-popup';

const meta = {
  title: 'Popups/Language',
  component: LanguagePopup,
  args: { open: true, onClose: fn(), onSelect: fn() },
} satisfies Meta<typeof LanguagePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choose: Story = {};

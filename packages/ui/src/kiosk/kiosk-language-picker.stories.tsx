import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { KioskLanguagePicker } from './kiosk-language-picker';

const meta = {
  title: 'Kiosk/Language picker',
  component: KioskLanguagePicker,
  args: { onSelect: fn() },
} satisfies Meta<typeof KioskLanguagePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Picker: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { LanguageButton } from './app-shell';

const meta = {
  title: 'App shell/Language button',
  component: LanguageButton,
} satisfies Meta<typeof LanguageButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header's language trigger: the current language's short code (EN, ID, BM). */
export const Default: Story = {};

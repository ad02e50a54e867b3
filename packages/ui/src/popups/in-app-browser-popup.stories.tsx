import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { InAppBrowserPopup } from './in-app-browser-popup';

const meta = {
  title: 'Popups/In-app browser notice',
  component: InAppBrowserPopup,
  args: { open: true, onContinue: fn(), onOpenInBrowser: fn(), onCopyLink: fn() },
} satisfies Meta<typeof InAppBrowserPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Notice: Story = {};
export const LinkCopied: Story = { args: { copied: true } };
export const WithoutCopy: Story = { args: { onCopyLink: undefined } };

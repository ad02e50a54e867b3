import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ReloadPrompt } from './reload-prompt';

const meta = {
  title: 'App shell/Reload prompt',
  component: ReloadPrompt,
  args: { open: true },
} satisfies Meta<typeof ReloadPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A route's code did not load: the page cannot go on, so the prompt cannot be dismissed. */
export const ChunkFailed: Story = {};
/** Shown after 120 s of loading: the diner may also close it and keep waiting. */
export const SlowLoadDismissible: Story = { args: { onClose: fn() } };

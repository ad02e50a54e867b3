import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { KioskIdleWarning } from './kiosk-idle-warning';

const meta = {
  title: 'Kiosk/Idle warning',
  component: KioskIdleWarning,
  args: { open: true, secondsLeft: 15, onStay: fn(), onLeave: fn() },
} satisfies Meta<typeof KioskIdleWarning>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Warning: Story = {};
export const LastSecond: Story = { args: { secondsLeft: 0.4 } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { CartLockPopup } from './cart-lock-popup';

const STARTED = new Date('2025-03-14T12:00:00Z');
/** A frozen clock `seconds` after the payment started, so the story always shows the same state. */
const at = (seconds: number) => () => new Date(STARTED.getTime() + seconds * 1000);

const meta = {
  title: 'Popups/Cart lock',
  component: CartLockPopup,
  args: { open: true, startedAt: STARTED, now: at(5), onUnlock: fn(), onCheckStatus: fn(), onExpire: fn() },
} satisfies Meta<typeof CartLockPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const JustStarted: Story = {};
export const UnlockAvailable: Story = { args: { now: at(42) } };
export const CheckingStatus: Story = { args: { now: at(42), checking: true } };
export const WindowOver: Story = { args: { now: at(61) } };
/** The real clock: counts down live in Storybook. */
export const Live: Story = { args: { startedAt: new Date(), now: () => new Date() } };

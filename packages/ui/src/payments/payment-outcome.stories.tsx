import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { T } from '../storybook/t';
import { PaymentOutcome } from './payment-outcome';

const meta = {
  title: 'Payments/Outcome',
  component: PaymentOutcome,
  args: {
    state: 'success',
    gaveUp: false,
    onRetry: fn(),
    link: (
      <a href="#order">
        <T k="pay.viewOrder" />
      </a>
    ),
    successText: <T k="pay.orderPlaced" />,
  },
} satisfies Meta<typeof PaymentOutcome>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
/** 'Sorry, Payment Failed' with the refund wording and another method. */
export const Failed: Story = { args: { state: 'failed' } };
/** Still asking the server. */
export const Checking: Story = { args: { state: 'processing' } };
/** No final answer within 60 s. */
export const Pending: Story = { args: { state: 'pending', gaveUp: true } };

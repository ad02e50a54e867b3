import type { Meta, StoryObj } from '@storybook/react-vite';
import { OrderTracker } from './order-tracker';

/** 12:00 in Kuala Lumpur. */
const NOON = 1_795_406_400;

const meta = {
  title: 'Orders/Order tracker',
  component: OrderTracker,
  args: {
    order: {
      status: 2,
      status_key: 'status.preparing',
      order_type: 1,
      order_time: 'ASAP',
      created_epoch: NOON,
      scheduled_epoch: null,
      time_zone: 'Asia/Kuala_Lumpur',
      status_history: [
        { status: 0, at: NOON },
        { status: 1, at: NOON + 120 },
        { status: 2, at: NOON + 300 },
      ],
    },
  },
} satisfies Meta<typeof OrderTracker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Dine-in, being prepared: placed and confirmed done with their times, served to come. */
export const DineInPreparing: Story = {};

/** Delivery on its way: six steps. */
export const DeliveryOnTheWay: Story = {
  args: {
    order: {
      ...meta.args.order,
      status: 11,
      status_key: 'status.onTheWay',
      order_type: 2,
      status_history: [...meta.args.order.status_history, { status: 11, at: NOON + 1_500 }],
    },
  },
};

/** Declined by the restaurant: the steps it reached, then the end in red. */
export const Declined: Story = {
  args: {
    order: {
      ...meta.args.order,
      status: 5,
      status_key: 'status.declined',
      status_history: [
        { status: 0, at: NOON },
        { status: 5, at: NOON + 60 },
      ],
    },
  },
};

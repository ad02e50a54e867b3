import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { FoodCourtOrderTypePopup } from './food-court-order-type-popup';

const meta = {
  title: 'Food court/Order type',
  component: FoodCourtOrderTypePopup,
  args: { open: true, onClose: fn(), onConfirm: fn(), orderTypes: [1, 2, 3], value: 3 },
} satisfies Meta<typeof FoodCourtOrderTypePopup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No table QR scanned: dine-in is offered but needs a table. */
export const PickupNoTable: Story = {};
export const DineInAtTable: Story = { args: { value: 1, table: 'Table F1' } };
/** Delivery chosen with an outlet in the cart that does not deliver. */
export const DeliveryLosesOutlet: Story = {
  args: { value: 2, nonDeliveringOutlets: ['Char Kway Teow Ah Seng'] },
};
/** Indonesia: no dine-in. */
export const Indonesia: Story = { args: { orderTypes: [2, 3] } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MapPopup } from './map-popup';

const meta = {
  title: 'Popups/Map (coordinate picker)',
  component: MapPopup,
  args: { open: true, onClose: fn(), onConfirm: fn(), center: { lat: 3.139, lng: 101.6869 } },
} satisfies Meta<typeof MapPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AtCentre: Story = {};
export const MovedPin: Story = { args: { initial: { lat: 3.141, lng: 101.685 } } };
export const Saving: Story = { args: { saving: true } };
export const Jakarta: Story = { args: { center: { lat: -6.2, lng: 106.8166 } } };

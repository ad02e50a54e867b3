import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LocationPopup } from './location-popup';

const meta = {
  title: 'Popups/Location',
  component: LocationPopup,
  args: {
    open: true,
    onClose: fn(),
    onAllow: fn(),
    onEnterManually: fn(),
    onPickOnMap: fn(),
    status: 'prompt',
  },
} satisfies Meta<typeof LocationPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ask: Story = {};
export const Requesting: Story = { args: { status: 'requesting' } };
export const PermissionOff: Story = { args: { status: 'denied' } };
export const NotFound: Story = { args: { status: 'unavailable' } };

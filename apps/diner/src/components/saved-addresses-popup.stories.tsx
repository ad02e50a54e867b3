import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SavedAddressesPopup } from './saved-addresses-popup';
import type { SavedAddressData } from './saved-addresses-popup';

/** Sample saved addresses of a diner in Kuala Lumpur (data, not catalogue words). */
const ADDRESSES: SavedAddressData[] = [
  {
    address_id: 1,
    label: 'home',
    apartment: 'No. 12',
    street: 'Jalan Telawi 3',
    landmark: null,
    city: 'Kuala Lumpur',
    postcode: '59100',
    lng: 101.6713,
    lat: 3.1327,
    is_default: true,
    created_epoch: 1_767_225_600,
  },
  {
    address_id: 2,
    label: 'work',
    apartment: 'Level 8, Menara Hap Seng',
    street: 'Jalan P. Ramlee',
    landmark: 'Opposite the Hilton',
    city: 'Kuala Lumpur',
    postcode: '50250',
    lng: 101.7067,
    lat: 3.1522,
    is_default: false,
    created_epoch: 1_767_312_000,
  },
];

const meta = {
  title: 'Apps/Diner/Saved addresses popup',
  component: SavedAddressesPopup,
  args: {
    open: true,
    onClose: fn(),
    onPick: fn(),
    onUseAnother: fn(),
    addresses: ADDRESSES,
    country: 'MY',
    checking: false,
  },
} satisfies Meta<typeof SavedAddressesPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {};
export const Loading: Story = { args: { addresses: undefined } };
export const Checking: Story = { args: { checking: true } };
export const DeliveryRefused: Story = { args: { error: 'errors.deliveryNotSupported' } };

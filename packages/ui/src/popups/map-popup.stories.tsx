import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MapPopup } from './map-popup';

const meta = {
  title: 'Popups/Map (pin on a map)',
  component: MapPopup,
  args: { open: true, onClose: fn(), onConfirm: fn(), center: { lat: 3.139, lng: 101.6869 } },
} satisfies Meta<typeof MapPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No tile source configured (empty MAP_TILE_URL): the grid alone, dragged and zoomed the same way. */
export const GridOnly: Story = {};
export const StartsAtSavedPoint: Story = { args: { initial: { lat: 3.141, lng: 101.685 } } };
export const Saving: Story = { args: { saving: true } };
export const Jakarta: Story = { args: { center: { lat: -6.2, lng: 106.8166 } } };
/** The server's default tile source (needs the internet to show tiles; the grid shows without it). */
export const OpenStreetMapTiles: Story = {
  args: {
    tiles: {
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      attributionUrl: 'https://www.openstreetmap.org/copyright',
      maxZoom: 19,
    },
  },
};
/** A tile source that never answers (offline, a wrong URL): after a few failures the grid alone. */
export const TilesFailing: Story = {
  args: {
    tiles: { url: 'https://tiles.invalid/{z}/{x}/{y}.png', attribution: '© Example tiles', maxZoom: 19 },
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Photo } from './photo';
import type { PhotoData } from './photo';

/** An SVG as a data URI without commas or spaces, so it can stand in a srcset. */
const svg = (body: string, width: number, height: number) =>
  `data:image/svg+xml;charset=utf-8;base64,${btoa(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>`,
  )}`;

const PLATE = svg(
  '<rect width="120" height="120" fill="#e9d3b0"/><circle cx="60" cy="60" r="48" fill="#fff"/>' +
    '<circle cx="60" cy="58" r="22" fill="#fbfaf6"/><path d="M28 72q32 24 64 0z" fill="#c8102e"/>' +
    '<circle cx="80" cy="50" r="9" fill="#f4c430"/><path d="M34 46h22v8H34z" fill="#7a4a1e"/>',
  120,
  120,
);
const BLUR = svg(
  '<rect width="16" height="16" fill="#d9b58c"/><circle cx="8" cy="8" r="6" fill="#f3eee6"/>',
  16,
  16,
);
const TRANSPARENT = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

const dish: PhotoData = {
  width: 640,
  height: 640,
  avif: `${PLATE} 640w`,
  webp: `${PLATE} 640w`,
  src: PLATE,
  placeholder: BLUR,
};

const meta = {
  title: 'Primitives/Photo',
  component: Photo,
  args: { photo: dish, width: 96, height: 96, sizes: '96px', alt: '', label: 'Nasi Lemak' },
} satisfies Meta<typeof Photo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A dish row's photo, among the first on screen: loaded at once with high priority. */
export const DishFirstOnScreen: Story = { args: { priority: true } };
/** Further down the menu: lazy. */
export const DishLazy: Story = {};
/** The blurred placeholder, as it shows while the photo is still on its way. */
export const Placeholder: Story = {
  args: { photo: { ...dish, avif: `${TRANSPARENT} 1w`, webp: `${TRANSPARENT} 1w`, src: TRANSPARENT } },
};
/** A restaurant header: the full width, 2:1. */
export const Header: Story = {
  args: { width: 640, height: 320, sizes: '100vw', fluid: true, priority: true, alt: 'Kopitiam Ali' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
};
/** No photo yet: a plate in the dish's own colour takes the same box. */
export const NoPhoto: Story = { args: { photo: null } };
/** Another dish without a photo: another colour. */
export const NoPhotoOtherDish: Story = { args: { photo: null, label: 'Teh Tarik' } };
/** The photo failed to load: the same fallback, nothing moves. */
export const Broken: Story = {
  args: {
    photo: { ...dish, avif: '/missing-1.avif 160w', webp: '/missing-1.webp 160w', src: '/missing-1.webp' },
  },
};

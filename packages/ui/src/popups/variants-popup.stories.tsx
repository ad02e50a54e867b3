import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { screenOf, startsWith, wordsOf } from '../storybook/play';
import { PopupPhoto } from '../components/photo';
import type { PhotoData } from '../components/photo';
import { VariantsPopup } from './variants-popup';
import type { VariantGroup } from './variants-popup';

/** Sample restaurant data: dish and option names come from the menu, not the catalogues. */
const NASI_LEMAK_GROUPS: VariantGroup[] = [
  {
    id: 'size',
    name: 'Portion',
    kind: 'one',
    required: true,
    options: [
      { id: 'regular', name: 'Regular', price: 0, available: true },
      { id: 'large', name: 'Large', price: 300, available: true },
    ],
  },
  {
    id: 'addons',
    name: 'Add-ons',
    kind: 'upTo',
    max: 2,
    required: false,
    options: [
      { id: 'egg', name: 'Fried egg', price: 200, available: true },
      { id: 'rendang', name: 'Beef rendang', price: 650, available: true },
      { id: 'sambal', name: 'Extra sambal', price: 100, available: true },
      { id: 'otak', name: 'Otak-otak', price: 350, available: false },
    ],
  },
  {
    id: 'drinks',
    name: 'Drink',
    kind: 'one',
    required: false,
    options: [
      { id: 'teh', name: 'Teh tarik', price: 250, available: true },
      { id: 'kopi', name: 'Kopi O', price: 200, available: true },
    ],
  },
  {
    id: 'extras',
    name: 'Sides',
    kind: 'any',
    required: false,
    options: [
      { id: 'peanuts', name: 'Peanuts', price: 0, available: true },
      { id: 'cucumber', name: 'Cucumber', price: 0, available: true },
    ],
  },
];

/** A stand-in dish photo: an SVG as a data URI without commas or spaces, so it can stand in a srcset. */
const PLATE = `data:image/svg+xml;charset=utf-8;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100" width="640" height="400">' +
    '<rect width="160" height="100" fill="#e9d3b0"/><circle cx="80" cy="50" r="40" fill="#fff"/>' +
    '<circle cx="80" cy="48" r="18" fill="#fbfaf6"/><path d="M52 60q28 20 56 0z" fill="#c8102e"/>' +
    '<circle cx="98" cy="42" r="8" fill="#f4c430"/></svg>',
)}`;
const PHOTO: PhotoData = {
  width: 640,
  height: 400,
  avif: `${PLATE} 640w`,
  webp: `${PLATE} 640w`,
  src: PLATE,
  placeholder: PLATE,
};

const meta = {
  title: 'Popups/Variants and add-ons',
  component: VariantsPopup,
  args: {
    open: true,
    onClose: fn(),
    onAdd: fn(),
    dish: {
      name: 'Nasi Lemak Ayam',
      description: 'Coconut rice, fried chicken, sambal, anchovies',
      price: 1250,
      currency: 'MYR',
      flags: [
        { kind: 'halal' },
        { kind: 'allergen', allergen: 'nuts' },
        { kind: 'allergen', allergen: 'fish' },
      ],
    },
    groups: NASI_LEMAK_GROUPS,
    allergies: ['nuts'],
  },
} satisfies Meta<typeof VariantsPopup>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {};
export const Loading: Story = { args: { groups: undefined } };
export const AtAddOnLimit: Story = {
  args: { initialSelections: { size: ['large'], addons: ['egg', 'rendang'] }, initialQuantity: 2 },
};
/** Two of at most two add-ons chosen, then a third tapped: the limit message, the third stays off. */
export const AddOnLimitMessage: Story = {
  args: { initialSelections: { size: ['large'], addons: ['egg', 'rendang'] } },
  play: async (context) => {
    const screen = screenOf(context);
    const third = screen.getByRole('checkbox', { name: /^Extra sambal/ });
    await userEvent.click(third);
    await expect(third).not.toBeChecked();
    await expect(screen.getByText(wordsOf(context, 'validation.optionLimitReached'))).toBeInTheDocument();
  },
};
/** Add tapped with the required portion not chosen: the group says so, Add did nothing. */
export const RequiredChoiceMissing: Story = {
  play: async (context) => {
    const screen = screenOf(context);
    await userEvent.click(
      screen.getByRole('button', { name: startsWith(wordsOf(context, 'ui.variants.add')) }),
    );
    await expect(context.args.onAdd).not.toHaveBeenCalled();
    await expect(screen.getByText(wordsOf(context, 'validation.selectAnyOneOption'))).toBeInTheDocument();
  },
};
export const EditingCartLine: Story = {
  args: {
    mode: 'update',
    initialSelections: { size: ['regular'], drinks: ['teh'] },
    initialNotes: 'Less spicy',
  },
};
export const Adding: Story = { args: { initialSelections: { size: ['regular'] }, adding: true } };
export const AddFailed: Story = {
  args: { initialSelections: { size: ['regular'] }, error: 'errors.variantUnavailable' },
};
/** Nuts marked severe: the nuts badge is highlighted; Add asks first (next story). */
export const SevereAllergy: Story = {
  args: { initialSelections: { size: ['regular'] }, allergies: ['nuts'], severeAllergies: ['nuts'] },
};
/** Add tapped on a dish holding a severe allergy: 'Add anyway?' over the popup, Cancel focused. */
export const SevereAllergyQuestion: Story = {
  args: SevereAllergy.args,
  play: async (context) => {
    const screen = screenOf(context);
    await userEvent.click(
      screen.getByRole('button', { name: startsWith(wordsOf(context, 'ui.variants.add')) }),
    );
    await expect(screen.getByRole('alertdialog')).toBeVisible();
    await expect(context.args.onAdd).not.toHaveBeenCalled();
  },
};
export const Rupiah: Story = {
  args: {
    dish: { name: 'Coto Makassar', price: 35000, currency: 'IDR', flags: [{ kind: 'noPork' }] },
    groups: [
      {
        id: 'isi',
        name: 'Isian',
        kind: 'upTo',
        max: 1,
        required: true,
        options: [
          { id: 'daging', name: 'Daging', price: 0, available: true },
          { id: 'campur', name: 'Campur', price: 5000, available: true },
        ],
      },
    ],
    allergies: [],
  },
};
/** The dish's photo at the top of the popup (the diner's menu passes it as `media`). */
export const WithPhoto: Story = {
  render: (args) => <VariantsPopup {...args} media={<PopupPhoto photo={PHOTO} name={args.dish.name} />} />,
};
/** The quantity at its most: the stepper's plus is off. */
export const AtQuantityLimit: Story = {
  args: { initialSelections: { size: ['regular'] }, initialQuantity: 10, maxQuantity: 10 },
};

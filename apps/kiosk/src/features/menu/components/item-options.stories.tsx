import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { isSupportedLanguage, resources } from '@santap/i18n';
import kioskCss from '../../../app/kiosk.css?inline';
import type { MenuItem } from '../../../lib/kiosk-data';
import { ItemOptions } from './item-options';

/** A sample kiosk dish with options (restaurant data, not catalogue words). */
const TEH_TARIK: MenuItem = {
  id: 1001026,
  restaurant_id: 1001,
  category_id: 1,
  name: 'Teh Tarik',
  description: 'Pulled milk tea',
  price: 280,
  packaging_charge: 0,
  in_stock: true,
  allergens: ['milk'],
  halal: true,
  no_pork: true,
  contains_alcohol: false,
  is_voucher: false,
  best_seller: true,
  image: null,
  nutrition: null,
  option_groups: [
    {
      id: 'temp',
      name: 'Hot or iced',
      kind: 'one',
      required: true,
      options: [
        { id: 'hot', name: 'Hot', price: 0, available: true },
        { id: 'iced', name: 'Iced', price: 50, available: true },
      ],
    },
    {
      id: 'addons',
      name: 'Add-ons',
      kind: 'upTo',
      max: 2,
      required: false,
      options: [
        { id: 'pearls', name: 'Brown sugar pearls', price: 150, available: true },
        { id: 'grass', name: 'Grass jelly', price: 100, available: true },
        { id: 'foam', name: 'Cheese foam', price: 200, available: true },
      ],
    },
  ],
};

/** The kiosk's words in the story's language (the toolbar's), for the play functions. */
const wordsIn = (globals: Record<string, unknown>) => {
  const language = isSupportedLanguage(String(globals.language)) ? String(globals.language) : 'en';
  return resources[language as 'en'].translation as Record<string, string>;
};
const startsWith = (text: string) =>
  new RegExp(
    `^${text
      .split('{{')[0]!
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
  );

const meta = {
  title: 'Apps/Kiosk/Item options',
  component: ItemOptions,
  // The kiosk's own stylesheet, only while a kiosk story is shown (it styles body and :root).
  decorators: [
    (Story) => (
      <>
        <style>{kioskCss}</style>
        <Story />
      </>
    ),
  ],
  globals: { viewport: { value: 'kioskPortrait', isRotated: false } },
  args: { item: TEH_TARIK, currency: 'MYR', onClose: fn(), onAdd: fn() },
} satisfies Meta<typeof ItemOptions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {};
/** Add tapped with 'Hot or iced' not chosen: the group says so, nothing is added. */
export const RequiredChoiceMissing: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const words = wordsIn(globals);
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(screen.getByRole('button', { name: startsWith(words['ui.variants.add']!) }));
    await expect(args.onAdd).not.toHaveBeenCalled();
    await expect(screen.getByText(words['validation.selectAnyOneOption']!)).toBeInTheDocument();
  },
};
/** Two of at most two add-ons chosen, then a third tapped: the limit message, the third stays off. */
export const AddOnLimit: Story = {
  play: async ({ canvasElement, globals }) => {
    const words = wordsIn(globals);
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(screen.getByRole('checkbox', { name: /^Brown sugar pearls/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Grass jelly/ }));
    const third = screen.getByRole('checkbox', { name: /^Cheese foam/ });
    await userEvent.click(third);
    await expect(third).not.toBeChecked();
    await expect(screen.getByText(words['validation.optionLimitReached']!)).toBeInTheDocument();
  },
};
/** Iced chosen and the 'Less sugar' preset note on: ready to add, the price includes the option. */
export const ReadyToAdd: Story = {
  play: async ({ canvasElement, globals }) => {
    const words = wordsIn(globals);
    const screen = within(canvasElement.ownerDocument.body);
    await userEvent.click(screen.getByRole('radio', { name: /^Iced/ }));
    const note = screen.getByRole('button', { name: words['kiosk.notes.lessSugar'] });
    await userEvent.click(note);
    await expect(note).toHaveAttribute('aria-pressed', 'true');
  },
};
export const Landscape: Story = { globals: { viewport: { value: 'kioskLandscape', isRotated: false } } };

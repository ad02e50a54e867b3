import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { isSupportedLanguage, resources } from '@santap/i18n';
import staffCss from '../../../app/staff.css?inline';
import menuCss from '../menu.css?inline';
import { DishEditor } from './dish-editor';
import type { StaffMenu } from './dish-editor';

/** A sample restaurant menu as the staff console reads it (data, not catalogue words). */
const MENU: StaffMenu = {
  currency: 'MYR',
  order_types: [1, 2, 3],
  categories: [
    { id: 1, name: 'Rice' },
    { id: 2, name: 'Noodles' },
  ],
  items: [
    {
      id: 11,
      category_id: 1,
      name: 'Nasi Lemak Ayam',
      names: { en: 'Nasi Lemak Ayam', id: 'Nasi Lemak Ayam', my: 'Nasi Lemak Ayam' },
      price: 1250,
      in_stock: true,
      order_types: [1, 3],
      option_groups: [],
    },
  ],
};

const meta = {
  title: 'Apps/Staff/Dish editor',
  component: DishEditor,
  decorators: [
    (Story) => (
      <>
        <style>{staffCss + menuCss}</style>
        <Story />
      </>
    ),
  ],
  globals: { viewport: { value: 'kitchenTablet', isRotated: false } },
  args: { dish: MENU.items[0]!, menu: MENU, onClose: fn(), onSaved: fn(), onPhoto: fn() },
} satisfies Meta<typeof DishEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
/** Price and the English name cleared, then Save: each says what is wrong, nothing is sent. */
export const NotFilledIn: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const language = isSupportedLanguage(String(globals.language)) ? String(globals.language) : 'en';
    const words = resources[language as 'en'].translation;
    const screen = within(canvasElement.ownerDocument.body);
    const [price, english] = screen.getAllByRole('textbox');
    await userEvent.clear(price!);
    await userEvent.clear(english!);
    await userEvent.click(screen.getByRole('button', { name: words['staff.menu.save'] }));
    await expect(screen.getAllByText(words['validation.required']).length).toBeGreaterThanOrEqual(1);
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};

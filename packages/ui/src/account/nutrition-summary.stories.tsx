import type { Meta, StoryObj } from '@storybook/react-vite';
import { NutritionSummary } from './nutrition-summary';

const day = (date: string, kcal: number, items = 1) => ({
  date,
  kcal,
  protein: Math.round(kcal / 20),
  carbs: Math.round(kcal / 8),
  fat: Math.round(kcal / 30),
  items: kcal > 0 ? items : 0,
});

const meta = {
  title: 'Account/Nutrition summary',
  component: NutritionSummary,
  args: {
    today: '2026-11-22',
    days: [
      day('2026-11-16', 0),
      day('2026-11-17', 650),
      day('2026-11-18', 0),
      day('2026-11-19', 1320, 3),
      day('2026-11-20', 0),
      day('2026-11-21', 890, 2),
      day('2026-11-22', 1240, 3),
    ],
  },
} satisfies Meta<typeof NutritionSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Week: Story = {};
export const SomeDishesWithoutData: Story = { args: { itemsWithoutNutrition: 2 } };
export const NothingToday: Story = {
  args: { days: [day('2026-11-21', 890, 2), day('2026-11-22', 0)] },
};
export const Loading: Story = { args: { days: undefined } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { DishRating } from './dish-rating';

const meta = {
  title: 'Reviews/Dish rating',
  component: DishRating,
  args: { average: 4.5, count: 12 },
} satisfies Meta<typeof DishRating>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typical: Story = {};
export const OneReview: Story = { args: { average: 5, count: 1 } };
export const ManyReviews: Story = { args: { average: 3.8, count: 12480 } };

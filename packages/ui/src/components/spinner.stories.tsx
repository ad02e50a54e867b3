import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton, Spinner } from './spinner';

function Loading() {
  return (
    <div style={{ padding: 16, display: 'grid', gap: 12 }}>
      <Spinner />
      <Skeleton height="120px" />
      <Skeleton width="60%" />
      <Skeleton width="40px" height="40px" rounded />
    </div>
  );
}

const meta = {
  title: 'Primitives/Spinner and Skeleton',
  component: Loading,
} satisfies Meta<typeof Loading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

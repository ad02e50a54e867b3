import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { QuantityStepper } from './quantity-stepper';

function Stepper({ start, max }: { start: number; max?: number }) {
  const [value, setValue] = useState(start);
  return (
    <div style={{ padding: 16 }}>
      <QuantityStepper value={value} onChange={setValue} max={max} label="Nasi Lemak" />
    </div>
  );
}

const meta = {
  title: 'Primitives/QuantityStepper',
  component: Stepper,
  args: { start: 1 },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AtMinimum: Story = {};
export const Middle: Story = { args: { start: 3 } };
export const AtMaximum: Story = { args: { start: 5, max: 5 } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import kioskCss from '../../../app/kiosk.css?inline';
import { CounterPayConfirm } from './counter-pay-confirm';

const meta = {
  title: 'Apps/Kiosk/Counter payment confirmation',
  component: CounterPayConfirm,
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
  args: { open: true, mall: false, amount: 'RM 22.15', onBack: fn(), onConfirm: fn() },
} satisfies Meta<typeof CounterPayConfirm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Restaurant: Story = {};
/** A food court's kiosk: one counter per outlet. */
export const FoodCourt: Story = { args: { mall: true } };
/** Offline, before the server priced the order: the food total as an estimate. */
export const Estimate: Story = { args: { estimate: 'RM 20.50' } };
export const Landscape: Story = { globals: { viewport: { value: 'kioskLandscape', isRotated: false } } };

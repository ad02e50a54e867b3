import type { Meta, StoryObj } from '@storybook/react-vite';
import { useUiTranslation } from '../i18n/translation';
import { KioskOrderNumber } from './kiosk-order-number';
import type { KioskNumber } from './kiosk-order-number';

/** Stories only: the label from the catalogue, in the story's language. */
function OrderNumber({ numbers, ticket = false }: { numbers: KioskNumber[]; ticket?: boolean }) {
  const { t } = useUiTranslation();
  return (
    <KioskOrderNumber
      label={ticket ? t('kiosk.done.ticketLabel') : t('kiosk.done.numberLabel')}
      numbers={numbers}
      kind={ticket ? 'ticket' : 'queue'}
    />
  );
}

const meta = {
  title: 'Kiosk/Order number',
  component: OrderNumber,
  args: { numbers: [{ value: '12' }] },
} satisfies Meta<typeof OrderNumber>;

export default meta;
type Story = StoryObj<typeof meta>;

export const QueueNumber: Story = {};
/** A food-court order: one number per outlet (restaurant names are data). */
export const OnePerOutlet: Story = {
  args: {
    numbers: [
      { name: 'Nasi Lemak Corner', value: '7' },
      { name: 'Roti Canai Stall', value: '31' },
    ],
  },
};
export const OfflineTicket: Story = { args: { numbers: [{ value: '7F3A' }], ticket: true } };

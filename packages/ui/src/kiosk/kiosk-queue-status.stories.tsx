import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { KioskQueueStatus } from './kiosk-queue-status';

const meta = {
  title: 'Kiosk/Queue status',
  component: KioskQueueStatus,
  args: { online: true, tickets: [], onDismiss: fn() },
} satisfies Meta<typeof KioskQueueStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Online with nothing queued: nothing is shown. */
export const AllClear: Story = {};
export const OfflineWithQueuedOrders: Story = {
  args: {
    online: false,
    tickets: [
      { ticket: '7F3A', state: 'waiting' },
      { ticket: 'B21C', state: 'waiting' },
    ],
  },
};
export const SentAfterReconnecting: Story = {
  args: {
    tickets: [
      { ticket: '7F3A', state: 'sent', numbers: [12] },
      { ticket: 'B21C', state: 'waiting' },
    ],
  },
};
/** Stories only: a refused order, its reason a server message in the story's language. */
function RefusedOrder() {
  const { t } = useUiTranslation();
  return (
    <KioskQueueStatus
      online
      tickets={[{ ticket: 'C0DE', state: 'failed', reason: t('errors.outOfStock') }]}
      onDismiss={fn()}
    />
  );
}

/** The server refused an order: staff must act, so it stays listed until dismissed. */
export const Refused: Story = { render: () => <RefusedOrder /> };

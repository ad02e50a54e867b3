import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { KioskTile } from './kiosk-tile';

/** Stories only: the tile with its words from the catalogue, in the story's language. */
function Tiles({ offline = false }: { offline?: boolean }) {
  const { t } = useUiTranslation();
  return (
    <div style={{ display: 'grid', gap: 16, maxWidth: 520 }}>
      <KioskTile icon="cash" title={t('kiosk.pay.cash')} hint={t('kiosk.pay.cashHint')} onClick={fn()} />
      <KioskTile
        icon="qr"
        title={t('kiosk.pay.qr')}
        hint={offline ? t('kiosk.pay.qrOffline') : t('kiosk.pay.qrHint')}
        disabled={offline}
        onClick={fn()}
      />
    </div>
  );
}

const meta = {
  title: 'Kiosk/Tile',
  component: Tiles,
} satisfies Meta<typeof Tiles>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PaymentChoice: Story = {};
export const QrUnavailableOffline: Story = { args: { offline: true } };

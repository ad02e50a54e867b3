import type { Meta, StoryObj } from '@storybook/react-vite';
import { useUiTranslation } from '../i18n/translation';
import { Button } from './button';
import { Toast, ToastProvider, useToast } from './toast';

function ShowToast() {
  const { t } = useUiTranslation();
  const toast = useToast();
  return (
    <Button onClick={() => toast.show(t('ui.invoice.sent'), { tone: 'success' })}>
      {t('ui.invoice.send')}
    </Button>
  );
}

function ToastDemo({ tone }: { tone: 'info' | 'success' | 'error' }) {
  const { t } = useUiTranslation();
  return (
    <ToastProvider>
      <div style={{ padding: 16, display: 'grid', gap: 12 }}>
        <ShowToast />
        <Toast
          tone={tone}
          message={tone === 'error' ? t('errors.noInternet') : t('ui.invoice.sent')}
          onDismiss={() => undefined}
        />
      </div>
    </ToastProvider>
  );
}

const meta = {
  title: 'Primitives/Toast',
  component: ToastDemo,
  args: { tone: 'success' },
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Failure: Story = { args: { tone: 'error' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { Button } from './button';
import { Page } from './page';
import { Skeleton } from './spinner';

function DemoPage({ onBack, withActions }: { onBack?: () => void; withActions?: boolean }) {
  const { t } = useUiTranslation();
  return (
    <Page
      title="Kopitiam Ali"
      onBack={onBack}
      actions={withActions ? <Button fullWidth>{t('ui.common.continue')}</Button> : undefined}
    >
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} style={{ marginBottom: 16 }}>
          <Skeleton height="64px" />
        </div>
      ))}
    </Page>
  );
}

const meta = {
  title: 'Primitives/Page',
  component: DemoPage,
  args: { onBack: fn(), withActions: true },
} satisfies Meta<typeof DemoPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithBackAndActions: Story = {};
export const TitleOnly: Story = { args: { onBack: undefined, withActions: false } };

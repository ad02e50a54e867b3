import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { T } from '../storybook/t';
import { Button, IconButton } from './button';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { onClick: fn(), children: <T k="ui.common.continue" /> },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: <T k="ui.common.cancel" /> } };
export const Ghost: Story = { args: { variant: 'ghost', children: <T k="ui.common.back" /> } };
export const Danger: Story = { args: { variant: 'danger', children: <T k="ui.common.remove" /> } };
export const Loading: Story = { args: { loading: true } };
export const Disabled: Story = { args: { disabled: true } };
export const FullWidth: Story = { args: { fullWidth: true, icon: 'check' } };
function IconButtons() {
  const { t } = useUiTranslation();
  return (
    <>
      <IconButton icon="close" label={t('ui.common.close')} />
      <IconButton icon="back" label={t('ui.common.back')} variant="secondary" />
    </>
  );
}

export const IconOnly: Story = { render: () => <IconButtons /> };

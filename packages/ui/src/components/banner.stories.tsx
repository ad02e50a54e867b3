import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { T } from '../storybook/t';
import { Banner } from './banner';
import { Button } from './button';

const meta = {
  title: 'Primitives/Banner',
  component: Banner,
  args: { children: <T k="errors.priceWarning" /> },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = { args: { children: <T k="ui.packaging.body" /> } };
export const Warning: Story = { args: { tone: 'warning' } };
export const Failure: Story = {
  args: {
    tone: 'error',
    children: <T k="errors.noInternet" />,
    action: (
      <Button variant="secondary">
        <T k="ui.common.tryAgain" />
      </Button>
    ),
  },
};
export const Dismissible: Story = {
  args: { tone: 'success', children: <T k="ui.invoice.sent" />, onDismiss: fn() },
};

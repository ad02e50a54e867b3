import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { useUiTranslation } from '../i18n/translation';
import { screenOf, wordsOf } from '../storybook/play';
import { paymentMethodChoices } from './payment-method-list';
import { PaymentStep } from './payment-step';
import type { PaymentPageView } from './payment-step';

const choices = paymentMethodChoices(
  { online_methods: ['Card', 'Wallet', 'Net Banking'], channels: ['grab_pay_app'] },
  false,
);
const STARTED = new Date('2025-03-14T12:00:00Z');
/** A frozen clock `seconds` after the payment started. */
const at = (seconds: number) => () => new Date(STARTED.getTime() + seconds * 1000);

/** The page's payment state: nothing running, nothing locked (stories change a part). */
const page = (parts: Partial<PaymentPageView> = {}): PaymentPageView => ({
  lock: undefined,
  busy: false,
  checking: false,
  unlocking: false,
  error: undefined,
  checkNow: fn(() => Promise.resolve()),
  checkAgain: fn(() => Promise.resolve()),
  unlock: fn(() => Promise.resolve()),
  ...parts,
});

/** The page's link to the order (an app passes its router's link). */
function OrderLink() {
  const { t } = useUiTranslation();
  return <a href="#order">{t('pay.viewOrder')}</a>;
}

const meta = {
  title: 'Payments/Payment step',
  component: PaymentStep,
  args: {
    page: page(),
    now: at(5),
    choices,
    choice: choices[0],
    onChoose: fn(),
    paid: false,
    orderLink: null,
  },
  render: (args) => <PaymentStep {...args} orderLink={<OrderLink />} />,
} satisfies Meta<typeof PaymentStep>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Choosing: Story = {};
export const Redirecting: Story = { args: { page: page({ busy: true }) } };
export const StartFailed: Story = {
  args: { page: page({ error: 'Card payments are unavailable right now.' }) },
};
export const AlreadyPaid: Story = { args: { paid: true } };
export const NoMethods: Story = { args: { choices: [], choice: undefined } };
/** A payment processing for 42 s: the cart lock over the page, Unlock offered. */
export const Locked: Story = {
  args: { page: page({ lock: { startedAt: STARTED } }), now: at(42) },
  play: async (context) => {
    const screen = screenOf(context);
    await userEvent.click(screen.getByRole('button', { name: wordsOf(context, 'ui.cartLock.unlock') }));
    await expect(context.args.page.unlock).toHaveBeenCalled();
  },
};
/** Unlocking already: a second tap on Unlock sends nothing. */
export const Unlocking: Story = {
  args: { page: page({ lock: { startedAt: STARTED }, unlocking: true }), now: at(42) },
  play: async (context) => {
    const screen = screenOf(context);
    await userEvent.click(screen.getByRole('button', { name: wordsOf(context, 'ui.cartLock.unlock') }));
    await expect(context.args.page.unlock).not.toHaveBeenCalled();
  },
};

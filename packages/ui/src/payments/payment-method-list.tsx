import { RadioGroup } from '../components/choice-group';
import { useUiTranslation } from '../i18n/translation';
import type { UiTranslate } from '../i18n/translation';
import { RAIL_KEYS } from './payment-rail';

/** One way to pay: an online method (with its e-wallet channel) or pay later at the counter. */
export type PaymentMethodChoice =
  | { kind: 'online'; method: 'Card' | 'Wallet' | 'Net Banking'; channel?: string; fpx?: boolean }
  | { kind: 'payLater' };

/** What a restaurant or food court offers (`payments.paymentMethodsGet`): online methods and channels. */
export interface OfferedPaymentMethods {
  online_methods: readonly string[];
  channels: readonly string[];
  /** The place's money: online banking in ringgit is FPX, and is named so. */
  currency?: 'MYR' | 'IDR';
}

const ONLINE = ['Card', 'Wallet', 'Net Banking'] as const;
const isOnline = (method: string): method is (typeof ONLINE)[number] =>
  (ONLINE as readonly string[]).includes(method);

const choiceValue = (choice: PaymentMethodChoice) =>
  choice.kind === 'payLater' ? 'payLater' : `${choice.method}${choice.channel ? `:${choice.channel}` : ''}`;

/**
 * The choices on offer (spec §9 methods and channels), in the server's order: each e-wallet channel
 * is its own choice; pay later is last and only when `payLater` says so.
 */
export function paymentMethodChoices(
  methods: OfferedPaymentMethods,
  payLater: boolean,
): PaymentMethodChoice[] {
  const choices: PaymentMethodChoice[] = [];
  for (const method of methods.online_methods) {
    if (!isOnline(method)) continue;
    if (method === 'Wallet' && methods.channels.length > 0) {
      for (const channel of methods.channels) choices.push({ kind: 'online', method, channel });
    } else {
      choices.push({
        kind: 'online',
        method,
        ...(method === 'Net Banking' && methods.currency === 'MYR' ? { fpx: true } : {}),
      });
    }
  }
  if (payLater) choices.push({ kind: 'payLater' });
  return choices;
}

function choiceLabel(choice: PaymentMethodChoice, t: UiTranslate): string {
  if (choice.kind === 'payLater') return t('pay.methodPayLater');
  if (choice.method === 'Card') return t('pay.methodCard');
  if (choice.method === 'Net Banking') return t(choice.fpx ? 'pay.methodFpx' : 'pay.methodNetBanking');
  const key = choice.channel ? RAIL_KEYS[choice.channel] : undefined;
  return key ? t(key) : t('pay.methodWallet');
}

export interface PaymentMethodListProps {
  choices: readonly PaymentMethodChoice[];
  value: PaymentMethodChoice | undefined;
  onChange: (choice: PaymentMethodChoice) => void;
}

/** The payment methods as radio buttons ('Choose how to pay'). */
export function PaymentMethodList({ choices, value, onChange }: PaymentMethodListProps) {
  const { t } = useUiTranslation();
  const byValue = new Map(choices.map((choice) => [choiceValue(choice), choice]));
  return (
    <RadioGroup
      legend={t('pay.chooseMethod')}
      value={value ? choiceValue(value) : undefined}
      onChange={(next) => {
        const choice = byValue.get(next);
        if (choice) onChange(choice);
      }}
      options={choices.map((choice) => ({ value: choiceValue(choice), label: choiceLabel(choice, t) }))}
    />
  );
}

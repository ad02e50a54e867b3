import { RadioGroup } from '@santap/ui';
import type { Currency } from '@santap/domain';
import { useT } from '../../../lib/use-t';
import { useMoney } from '../lib/money';

/** The tips offered, in minor units: round amounts of each currency (RM 1, 2, 5; Rp 2.000, 5.000, 10.000). */
export const TIPS: Readonly<Record<Currency, readonly number[]>> = {
  MYR: [0, 100, 200, 500],
  IDR: [0, 2000, 5000, 10000],
};

/** A tip for the staff on top of the share (never off the tab), where the restaurant takes tips. */
export function TipChoice({
  currency,
  tip,
  onTip,
}: {
  currency: Currency;
  tip: number;
  onTip: (tip: number) => void;
}) {
  const { t } = useT();
  const money = useMoney(currency);
  return (
    <RadioGroup
      className="st-chips tab-tips"
      legend={t('tab.pay.tip')}
      value={String(tip)}
      onChange={(value) => onTip(Number(value))}
      options={TIPS[currency].map((amount) => ({
        value: String(amount),
        label: amount === 0 ? t('tab.pay.noTip') : money(amount),
      }))}
    />
  );
}

import { formatMoney } from '@santap/domain';
import type { Currency } from '@santap/domain';
import { useT } from '../../../lib/use-t';
import type { Translate } from '../../../lib/use-t';
import type { ChoiceProblem } from './share-choice';

/** Minor units in the tab's money and the diner's language ('RM 12.50', 'Rp 15.000'). */
export function useMoney(currency: Currency) {
  const { language } = useT();
  return (minor: number) => formatMoney(minor, currency, language);
}

/** A problem of the pay page in words, its amounts formatted. */
export function problemText(problem: ChoiceProblem, t: Translate, money: (minor: number) => string): string {
  const values: Record<string, string | number> = { ...problem.values };
  for (const name of problem.money ?? []) values[name] = money(problem.values?.[name] ?? 0);
  return t(problem.key, values);
}

import { useState } from 'react';
import { CURRENCY_SYMBOL, parseMoneyInput } from '@santap/domain';
import { TextField } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { TabView } from '../api/tab-types';
import { problemText, useMoney } from '../lib/money';
import { amountProblem } from '../lib/share-choice';

/**
 * 'Another amount': checked here with the server's own words (above what is left, below the
 * gateway's minimum) before anything is asked; the server checks again, and its refusal (`serverError`)
 * shows on the field too. An amount too large says so at once; one not yet finished (too small, not
 * readable) once the diner leaves the field.
 */
export function AmountField({
  tab,
  text,
  onText,
  serverError,
}: {
  tab: TabView;
  text: string;
  onText: (text: string) => void;
  serverError: string | undefined;
}) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  const [left, setLeft] = useState(false);
  const problem = text.trim() === '' ? undefined : amountProblem(text, tab);
  const typed = parseMoneyInput(text, tab.currency);
  const showNow = problem !== undefined && (left || (typed !== null && typed > tab.left));
  return (
    <TextField
      label={t('tab.pay.amountLabel')}
      hint={t('tab.pay.amountHint', { left: money(tab.left) })}
      prefix={CURRENCY_SYMBOL[tab.currency]}
      inputMode={tab.currency === 'IDR' ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      error={showNow ? problemText(problem, t, money) : serverError}
      onBlur={() => setLeft(true)}
      onChange={(event) => {
        setLeft(false);
        onText(event.target.value);
      }}
    />
  );
}

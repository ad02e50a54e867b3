import { useId } from 'react';
import { useT } from '../../../lib/use-t';
import type { ShareQuote } from '../api/tab-types';
import { useMoney } from '../lib/money';

/**
 * A share's receipt lines as the server priced them (`tabs.quote`, or a paid share's receipt): the
 * dishes, service charge, SST or PB1, discounts, rounding, the tip, and what the payer pays.
 */
export function QuoteLines({ quote }: { quote: ShareQuote }) {
  const { t } = useT();
  const money = useMoney(quote.currency);
  return (
    <dl>
      {quote.lines.map((line, index) => (
        <div
          key={`${line.key}-${index}`}
          className={line.included ? 'tab-quote__line tab-quote__line--included' : 'tab-quote__line'}
        >
          <dt>{line.label}</dt>
          {/* An included tax is inside the prices above, not added to them. */}
          <dd>{line.included ? `(${money(line.amount)})` : money(line.amount)}</dd>
        </div>
      ))}
      {quote.tip > 0 ? (
        <div className="tab-quote__line">
          <dt>{t('tab.tip')}</dt>
          <dd>{money(quote.tip)}</dd>
        </div>
      ) : null}
      <div className="tab-quote__line tab-quote__line--total">
        <dt>{t('tab.pay.youPay')}</dt>
        <dd>{money(quote.amount)}</dd>
      </div>
    </dl>
  );
}

/** The chosen share's price before paying: being worked out, the server's refusal, or its lines. */
export function QuoteBox({
  quote,
  loading,
  error,
}: {
  quote: ShareQuote | undefined;
  loading: boolean;
  error: string | undefined;
}) {
  const { t } = useT();
  const titleId = useId();
  return (
    <section className="tab-quote tab-section" aria-labelledby={titleId} aria-busy={loading}>
      <h2 id={titleId}>{t('tab.pay.quoteTitle')}</h2>
      {error ? (
        <p className="st-field__error" role="alert">
          {error}
        </p>
      ) : quote ? (
        <QuoteLines quote={quote} />
      ) : loading ? (
        <p role="status">{t('tab.pay.quoting')}</p>
      ) : null}
    </section>
  );
}

import { useId } from 'react';
import { useT } from '../../../lib/use-t';
import type { Translate } from '../../../lib/use-t';
import type { TabLine, TabView } from '../api/tab-types';
import { useMoney } from '../lib/money';
import { dishText, nameOf } from '../lib/people';

/**
 * A dish's state in words (never colour alone): held by whom (a share of picked dishes or of part of
 * it under way), paid, being paid (by a share that holds no dish: everything left, an equal part, an
 * amount), or what is left of it.
 */
export function lineState(tab: TabView, line: TabLine, t: Translate, money: (minor: number) => string) {
  if (line.held_by !== null) {
    return {
      tone: 'held',
      text:
        line.held_by === tab.me
          ? t('tab.dishes.heldByMe')
          : t('tab.dishes.heldBy', { name: nameOf(tab, line.held_by, t, false) }),
    } as const;
  }
  if (line.left === 0 && line.pending > 0) return { tone: 'held', text: t('tab.dishes.beingPaid') } as const;
  if (line.left === 0 && line.amount > 0) return { tone: 'paid', text: `✓ ${t('tab.paid')}` } as const;
  if (line.paid > 0 || line.pending > 0) {
    return { tone: 'left', text: t('tab.dishes.left', { amount: money(line.left) }) } as const;
  }
  return undefined;
}

/**
 * Every dish of the tab by round (each order is a round, in the order they were placed), with who
 * ordered it, its part of the bill and its state.
 */
export function TabDishes({ tab }: { tab: TabView }) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  const titleId = useId();
  const rounds = [...tab.orders].sort((a, b) => a.created_epoch - b.created_epoch);
  return (
    <section className="tab-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('tab.dishes.title')}</h2>
      {rounds.map((order, index) => {
        const lines = tab.lines.filter((line) => line.order_id === order.order_id);
        if (lines.length === 0) return null;
        return (
          <div key={order.order_id} className="tab-round">
            <h3>
              {order.member_id === null
                ? t('tab.dishes.roundOnly', { number: index + 1 })
                : t('tab.dishes.round', { number: index + 1, name: nameOf(tab, order.member_id, t, false) })}
            </h3>
            <ul className="tab-lines">
              {lines.map((line) => {
                const state = lineState(tab, line, t, money);
                return (
                  <li key={line.line_id} className="tab-line" data-line-id={line.line_id}>
                    <span className="tab-line__name">
                      <span>{dishText(line)}</span>
                      {line.options ? <span className="tab-line__sub">{line.options}</span> : null}
                      {line.member_id !== null && line.member_id !== order.member_id ? (
                        <span className="tab-line__sub">
                          {t('tab.dishes.by', { name: nameOf(tab, line.member_id, t, false) })}
                        </span>
                      ) : null}
                      {state ? (
                        <span className={`tab-state tab-state--${state.tone}`}>{state.text}</span>
                      ) : null}
                    </span>
                    <span className="tab-line__amount">{money(line.amount)}</span>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { CheckboxGroup } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { TabView } from '../api/tab-types';
import { useMoney } from '../lib/money';
import { dishText, nameOf } from '../lib/people';
import { isHeldByOther } from '../lib/share-choice';
import { lineState } from './tab-dishes';

export interface PickDishesProps {
  tab: TabView;
  picked: readonly string[];
  onChange: (picked: string[]) => void;
}

/**
 * 'Pick dishes': a checkbox per dish. A paid dish is ticked off and cannot be changed; a dish another
 * payer holds says 'Being paid by Aisyah', and a tap on it is refused with why. A dish someone starts
 * paying while it is ticked here (the tab is live) leaves the list, with a note saying so.
 */
export function PickDishes({ tab, picked, onChange }: PickDishesProps) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  const [notice, setNotice] = useState<string>();
  const paid = tab.lines
    .filter((line) => line.left === 0 && line.pending === 0 && line.held_by === null)
    .map((line) => line.line_id);

  useEffect(() => {
    const taken = tab.lines.filter(
      (line) => picked.includes(line.line_id) && (isHeldByOther(tab, line) || line.left === 0),
    );
    if (taken.length === 0) return;
    onChange(picked.filter((id) => !taken.some((line) => line.line_id === id)));
    const held = taken.find((line) => line.held_by !== null);
    if (held) {
      setNotice(t('tab.pay.heldDropped', { name: nameOf(tab, held.held_by, t, false), dish: held.name }));
    }
  }, [tab, picked, onChange, t]);

  return (
    <CheckboxGroup
      legend={t('tab.pay.pickLegend')}
      values={[...picked, ...paid]}
      notice={notice}
      options={tab.lines.map((line) => {
        const details = [line.options, lineState(tab, line, t, money)?.text].filter(Boolean).join(' · ');
        return {
          value: line.line_id,
          label: dishText(line),
          ...(details ? { description: details } : {}),
          aside: money(line.left > 0 ? line.left : line.amount),
          // Paid (ticked off), or all of it being paid by a share that holds no dish: nothing to take.
          disabled: line.left === 0 && !isHeldByOther(tab, line),
        };
      })}
      onToggle={(id, checked) => {
        const line = tab.lines.find((one) => one.line_id === id);
        if (!line) return;
        if (isHeldByOther(tab, line)) {
          setNotice(t('tab.pay.heldTap', { name: nameOf(tab, line.held_by, t, false), dish: line.name }));
          return;
        }
        if (line.left === 0) return;
        setNotice(undefined);
        onChange(checked ? [...picked.filter((one) => one !== id), id] : picked.filter((one) => one !== id));
      }}
    />
  );
}

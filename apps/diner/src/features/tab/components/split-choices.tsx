import { QuantityStepper, RadioGroup } from '@santap/ui';
import { SPLIT_MAX_PARTS, SPLIT_MIN_PARTS } from '@santap/domain';
import { useT } from '../../../lib/use-t';
import type { TabSplit, TabView } from '../api/tab-types';
import { useMoney } from '../lib/money';
import { dishText } from '../lib/people';
import { isFreeForMe, nextFreePart, splitUnderway } from '../lib/share-choice';
import { lineState } from './tab-dishes';

/**
 * How many people a split is between: a stepper (2–20) for a new split; for one under way (the tab's
 * `splits`) its count as it is, and the part this payer takes — the next one nobody has taken.
 */
function SplitParts({
  split,
  parts,
  onParts,
}: {
  split: TabSplit | undefined;
  parts: number;
  onParts: (parts: number) => void;
}) {
  const { t } = useT();
  if (split) {
    const part = nextFreePart(split);
    return (
      <div className="tab-parts">
        <p>{t('tab.pay.splitUnderway', { parts: split.parts })}</p>
        <p>
          <strong>
            {part === undefined ? t('tab.pay.splitTaken') : t('tab.pay.part', { part, parts: split.parts })}
          </strong>
        </p>
      </div>
    );
  }
  return (
    <div className="tab-parts">
      <p>{t('tab.pay.people')}</p>
      <QuantityStepper
        label={t('tab.pay.people')}
        value={parts}
        min={SPLIT_MIN_PARTS}
        max={SPLIT_MAX_PARTS}
        onChange={onParts}
      />
      <p>
        <strong>{t('tab.pay.part', { part: 1, parts })}</strong>
      </p>
    </div>
  );
}

/** 'Split one dish': the dish (a dish another payer holds cannot be split now), then between how many. */
export function SplitDish({
  tab,
  dish,
  parts,
  onDish,
  onParts,
}: {
  tab: TabView;
  dish: string | undefined;
  parts: number;
  onDish: (lineId: string) => void;
  onParts: (parts: number) => void;
}) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  // Dishes with something left, and those another payer holds (shown, not choosable, with why).
  const open = tab.lines.filter((line) => line.left > 0 || line.held_by !== null);
  return (
    <>
      <RadioGroup
        legend={t('tab.pay.dishLegend')}
        value={dish}
        onChange={onDish}
        options={open.map((line) => {
          const state = lineState(tab, line, t, money)?.text;
          return {
            value: line.line_id,
            label: dishText(line),
            ...(state ? { description: state } : {}),
            aside: money(line.left),
            disabled: !isFreeForMe(tab, line),
          };
        })}
      />
      {dish !== undefined ? (
        <SplitParts split={splitUnderway(tab, 'dish_part', dish)} parts={parts} onParts={onParts} />
      ) : null}
    </>
  );
}

/** 'Split the bill equally': between how many, or the next part of the table's split under way. */
export function SplitEqual({
  tab,
  parts,
  onParts,
}: {
  tab: TabView;
  parts: number;
  onParts: (parts: number) => void;
}) {
  return <SplitParts split={splitUnderway(tab, 'equal')} parts={parts} onParts={onParts} />;
}

import type { Translate } from '../../../lib/use-t';
import type { TabShare, TabSplit, TabView } from '../api/tab-types';
import { dishText } from './people';

/** Whether `settles` is one of the parts of `split` (the domain's equal parts differ by one minor unit). */
const isPartOf = (split: TabSplit, settles: number) => {
  const floor = Math.floor(split.of / split.parts);
  return settles === floor || (split.of % split.parts > 0 && settles === floor + 1);
};

/**
 * The split under way a share was a part of, when the tab tells (`splits`): the only split of its
 * kind, and the share's amount one of its parts. A share names no split, so with two of a kind, or
 * once a finished split is no longer listed, the share is just 'part of a dish' or 'equal split'.
 */
function splitOf(tab: TabView, share: TabShare): TabSplit | undefined {
  const kind = share.kind === 'equal' || share.kind === 'dish_part' ? share.kind : undefined;
  const same = tab.splits.filter((split) => split.kind === kind);
  const [only] = same;
  return same.length === 1 && only && isPartOf(only, share.settles) ? only : undefined;
}

/**
 * What a payment on the tab covered, by its kind (as the staff's board says it): my dishes (their own,
 * for another's), picked dishes, part of a dish (which, and how many ways, when the split is known),
 * an equal split, an amount, everything left, or what the counter took.
 */
export function shareWhat(tab: TabView, share: TabShare, t: Translate): string {
  switch (share.kind) {
    case 'rest':
      return t('tab.shares.kind.rest');
    case 'mine':
      return share.member_id !== null && share.member_id === tab.me
        ? t('tab.pay.mine')
        : t('tab.shares.kind.mine');
    case 'lines':
      return t('tab.shares.kind.lines');
    case 'amount':
      return t('tab.shares.kind.amount');
    case 'counter':
      return t('tab.shares.kind.counter');
    case 'equal': {
      const split = splitOf(tab, share);
      return split ? t('tab.shares.kind.equalOf', { parts: split.parts }) : t('tab.shares.kind.equal');
    }
    case 'dish_part': {
      const split = splitOf(tab, share);
      const line = split && tab.lines.find((one) => one.line_id === split.line_id);
      return split && line
        ? t('tab.shares.kind.dishPartOf', { dish: dishText(line), parts: split.parts })
        : t('tab.shares.kind.dishPart');
    }
  }
}

/**
 * The refusals of a table's tab that are not the split's arithmetic ({@link SPLIT_MESSAGE} of
 * `share.ts`): joining, membership and closing (apps/api docs/tabs.md). Catalogue keys whose words
 * live in the `tab.` section of `@santap/i18n`, loaded by the diner app with the tab's screens.
 */
export const TAB_MESSAGE = {
  /** The join code typed is not the open tab's at that table. */
  codeWrong: 'tab.error.codeWrong',
  /** Too many wrong join codes at this table from this address (429; values `minutes`). */
  codeTooManyTries: 'tab.error.codeTooManyTries',
  /** The tab is closed: nothing more can be joined, paid or changed on it. */
  closed: 'tab.error.closed',
  /** Money is still left on the tab: staff cannot clear the table yet (a manager may force it). */
  notSettled: 'tab.error.notSettled',
  /** No open tab at this table to join or ask to join. */
  noOpenTab: 'tab.error.noOpenTab',
  /** Too many asks to join at this table from this address (429; values `minutes`). */
  askTooMany: 'tab.error.askTooMany',
  /** A share's dishes, or the part of a split asked, are being paid by someone at the table right now. */
  beingPaid: 'tab.error.beingPaid',
  /** That part of an equal split is paid already (values `part`, `parts`). */
  partTaken: 'tab.error.partTaken',
  /** A tip on a share at a restaurant that takes none (its setting `tabTips`). */
  tipsOff: 'tab.error.tipsOff',
  /** A share's receipt or e-invoice asked for before its payment went through (or after it was let go). */
  shareNotPaid: 'tab.error.shareNotPaid',
} as const;

/** A key of {@link TAB_MESSAGE}. */
export type TabMessageKey = (typeof TAB_MESSAGE)[keyof typeof TAB_MESSAGE];

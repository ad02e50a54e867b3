/**
 * The refusals of a manager's approval (apps/api docs/audit.md, "Manager approval"): a sensitive staff
 * action by a server or the kitchen carries a manager's username, PIN and a reason; a manager's own
 * carries a reason. Catalogue keys whose words live in the `approval.` section of `@santap/i18n`.
 */
export const APPROVAL_MESSAGE = {
  /** A manager's approval is needed (403; details `{ approval: 'manager_pin' }`). */
  needed: 'approval.error.needed',
  /** A reason is needed for this action (400; details `{ approval: 'reason' }`). */
  reasonNeeded: 'approval.error.reasonNeeded',
  /**
   * The manager's username or PIN is not right, or that manager has no PIN (422; values and details
   * `tries_left`).
   */
  pinWrong: 'approval.error.pinWrong',
  /** Too many wrong PINs for this manager (429; values `minutes`). */
  pinLocked: 'approval.error.pinLocked',
} as const;

/** A key of {@link APPROVAL_MESSAGE}. */
export type ApprovalMessageKey = (typeof APPROVAL_MESSAGE)[keyof typeof APPROVAL_MESSAGE];

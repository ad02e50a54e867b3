import { MESSAGE, TAB_MESSAGE } from '@santap/domain';
import type { ApprovalMessageKey, MessageKey, SplitMessageKey, TabMessageKey } from '@santap/domain';

/**
 * A key the API refuses with: the domain's messages, a table tab's (apps/api docs/tabs.md) and a
 * manager approval's (apps/api docs/audit.md).
 */
export type FailureKey = MessageKey | SplitMessageKey | TabMessageKey | ApprovalMessageKey;

/**
 * A rule violation or failure to report to the caller: a catalogue key (translated per request),
 * an HTTP status, interpolation values and optional machine-readable details.
 */
export class ApiFailure extends Error {
  constructor(
    readonly key: FailureKey,
    readonly statusCode: number,
    readonly values: Record<string, string | number> = {},
    readonly details?: unknown,
  ) {
    super(key);
    this.name = 'ApiFailure';
  }
}

/** The HTTP status of a domain rule's message key, when a DomainError escapes a service. */
const STATUS_BY_KEY: Partial<Record<FailureKey, number>> = {
  [MESSAGE.notFound]: 404,
  [MESSAGE.invalidQr]: 404,
  [MESSAGE.forbidden]: 403,
  [MESSAGE.staffAccountDisabled]: 403,
  [MESSAGE.usernameTaken]: 409,
  [MESSAGE.requestAlreadySent]: 429,
  [MESSAGE.invalidToken]: 401,
  [MESSAGE.idempotencyConflict]: 422,
  [MESSAGE.cartHandoverTaken]: 409,
  [MESSAGE.idempotencyInProgress]: 409,
  [MESSAGE.tooManyRequests]: 429,
  [MESSAGE.otpResendCooldown]: 429,
  [MESSAGE.internalServerError]: 500,
  [MESSAGE.imageTooLarge]: 413,
  [MESSAGE.imageNotAnImage]: 415,
  [MESSAGE.imageTooManyPixels]: 422,
  [TAB_MESSAGE.codeTooManyTries]: 429,
  [TAB_MESSAGE.askTooMany]: 429,
};

export function statusForKey(key: FailureKey): number {
  return STATUS_BY_KEY[key] ?? (key.startsWith('validation.') ? 400 : 422);
}

export const fail = (key: FailureKey, values?: Record<string, string | number>, details?: unknown): never => {
  throw new ApiFailure(key, statusForKey(key), values, details);
};

export const notFound = (): never => fail(MESSAGE.notFound);
export const forbidden = (): never => fail(MESSAGE.forbidden);

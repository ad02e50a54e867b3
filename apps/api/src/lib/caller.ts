/** Who is calling, resolved once per request by the route layer (http/route.ts) and read by every floor. */
import { MESSAGE } from '@santap/domain';
import type { Language } from '@santap/domain';
import { fail } from './errors';

export interface CallerUser {
  id: number;
  status: 'GUEST' | 'ACTIVE';
  tokenHash: string;
}

export interface CallerStaff {
  id: number;
  restaurantId: number;
  role: string;
  username: string;
  /** The hash of the token this request came with (logout revokes exactly that session). */
  tokenHash: string;
}

/** Who is calling, in which language and country, resolved once per request. */
export interface Caller {
  readonly lang: Language;
  readonly country: 'MY' | 'ID';
  readonly ip: string;
  /** The request's User-Agent header, as sent (the audit trail keeps its short form). */
  readonly userAgent?: string | undefined;
  /** Present on every `cart` endpoint (issued by the server when the browser had none). */
  readonly cartToken: string | undefined;
  readonly user: CallerUser | null;
  readonly staff: CallerStaff | null;
  readonly idempotencyKey: string | undefined;
  t(key: string, values?: Record<string, string | number>): string;
}

/** The staff member calling, or 401 `invalidToken` for a caller who is not staff. */
export const staffOf = (caller: Caller): CallerStaff => caller.staff ?? fail(MESSAGE.invalidToken);

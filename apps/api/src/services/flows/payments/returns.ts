/**
 * A payment status the payer's browser brings back: a gateway that posts its signed status fields to
 * the return URL (`returnCarriesStatus`: Razer's return is one of its three endpoints) has them
 * verified and applied like a notification, under the same event id, so whichever of return,
 * notification and callback arrives first settles and the others are duplicates. The payer is sent on
 * to the return page whatever happens here: nothing is thrown.
 */
import type { AppContext } from '../../context';
import type { IncomingNotification } from '../../adapters/payments/provider';
import { applyProviderEvent } from './notifications';

/** What the return brought, by field; the first value of a repeated field. */
export type ReturnFields = Record<string, unknown>;

/** The form fields as a body again (signatures are over the decoded values, so order does not matter). */
function formBody(fields: ReturnFields): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') form.set(name, first);
  }
  return form.toString();
}

/**
 * Settles a payment from a return post when a gateway that signs its returns vouches for it. Returns
 * whether a payment changed; a post with nothing signed, a forged one, or one for no payment of ours
 * changes nothing (the forged one is logged).
 */
export async function receiveReturn(
  ctx: AppContext,
  fields: ReturnFields | undefined,
  path: string,
): Promise<boolean> {
  if (!fields || typeof fields !== 'object' || Object.keys(fields).length === 0) return false;
  const notification: IncomingNotification = { headers: {}, rawBody: formBody(fields), path };
  for (const [name, provider] of ctx.payments.providers) {
    if (!provider.returnCarriesStatus) continue;
    const verified = provider.verifyNotification(notification);
    if (!verified) {
      ctx.log.warn({ provider: name }, 'payment return refused: signature or shape');
      continue;
    }
    try {
      const result = await applyProviderEvent(ctx, name, verified);
      return result.changed;
    } catch (error) {
      ctx.log.error({ err: error, provider: name }, 'payment return could not be applied');
      return false;
    }
  }
  return false;
}

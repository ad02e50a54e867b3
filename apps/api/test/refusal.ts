/** Turning a call that must be refused into the error it was refused with, for any API test. */
import { ApiError } from '@santap/api-client';

/**
 * The error `call` was refused with. A call that succeeds fails the test here, with its reply in the
 * message, so an assertion about the refusal never runs against `undefined`; anything thrown that is not
 * the client's ApiError (a bug in the test, a TypeError) is thrown on as it is.
 */
export async function refusal(call: Promise<unknown>): Promise<ApiError> {
  let reply: unknown;
  try {
    reply = await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(
    `expected the call to be refused, but it succeeded with ${String(JSON.stringify(reply)).slice(0, 500)}`,
  );
}

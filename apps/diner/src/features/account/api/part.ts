/** A part of a page that may fail on its own, shown with its error while the rest works. */
export type Part<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A settled call as a {@link Part}, its value picked by `pick`. */
export function partOf<R, T>(result: PromiseSettledResult<R>, pick: (value: R) => T): Part<T> {
  return result.status === 'fulfilled'
    ? { ok: true, value: pick(result.value) }
    : { ok: false, error: result.reason };
}

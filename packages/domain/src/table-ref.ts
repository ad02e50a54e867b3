/**
 * A table's token is 32 lowercase hex characters (128 random bits, `dining_tables.token`): what a
 * table's sticker carries instead of the sequential id, so one table's link does not give away the
 * next table's (apps/api docs/tabs.md, Joining).
 */
export const TABLE_TOKEN_PATTERN = /^[0-9a-f]{32}$/;

/** A sequential table id as written in a link: digits without a leading zero. */
const TABLE_ID_TEXT = /^[1-9]\d{0,14}$/;

/**
 * Whether `value` has the shape of a table token (32 lowercase hex characters).
 *
 * @example
 * ```ts
 * isTableToken('3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40'); // true
 * isTableToken('5003'); // false
 * ```
 */
export function isTableToken(value: string): boolean {
  return TABLE_TOKEN_PATTERN.test(value);
}

/**
 * What a table link names in its table position (`tableId=` of a menu link, `tid=` of a QR): the
 * table's token (a string) or its sequential id (a number, as stickers printed before tokens carry
 * it); undefined when it is neither. A token is tried first: 32 hex characters that happen to be all
 * digits are a token, never an id (no id is that long). The server decides whether a restaurant still
 * accepts ids (`tableLinks`).
 *
 * @example
 * ```ts
 * readTableRef('5003'); // 5003
 * readTableRef('3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40'); // '3f9c0a6e1b2d4c5e8f7a9b0c1d2e3f40'
 * readTableRef('T3'); // undefined
 * ```
 */
export function readTableRef(text: string | null | undefined): number | string | undefined {
  if (typeof text !== 'string') return undefined;
  if (isTableToken(text)) return text;
  if (!TABLE_ID_TEXT.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { SHARE_KINDS, shareRequestSchema } from './tabs';

const parse = (value: unknown) => z.safeParse(shareRequestSchema, value);

describe('shareRequestSchema (a plain union of the share kinds)', () => {
  it.each([
    [{ kind: 'rest' }],
    [{ kind: 'mine' }],
    [{ kind: 'lines', line_ids: ['12', '13'] }],
    [{ kind: 'dish_part', line_id: '12', parts: 3, part: 2, of: 1250 }],
    [{ kind: 'dish_part', line_id: '12', parts: 3, part: 1 }],
    [{ kind: 'equal', parts: 4, part: 1 }],
    [{ kind: 'equal', parts: 4, part: 4, of: 8000 }],
    [{ kind: 'amount', amount: 500 }],
  ])('%o -> accepted as it is', (request) => {
    expect(parse(request)).toEqual({ success: true, data: request });
  });

  it("another kind's fields -> dropped, the request read by its own kind", () => {
    expect(parse({ kind: 'rest', amount: 500, line_ids: ['1'] })).toEqual({
      success: true,
      data: { kind: 'rest' },
    });
    expect(parse({ kind: 'amount', amount: 500, parts: 2 })).toEqual({
      success: true,
      data: { kind: 'amount', amount: 500 },
    });
  });

  it.each([
    ['no kind', { amount: 500 }],
    ["the counter's kind (staff only)", { kind: 'counter' }],
    ['an unknown kind', { kind: 'everything' }],
    ['lines without dishes', { kind: 'lines', line_ids: [] }],
    ['a line id that is not a number', { kind: 'lines', line_ids: ['12; drop'] }],
    ['one part', { kind: 'equal', parts: 1, part: 1 }],
    ['21 parts', { kind: 'equal', parts: 21, part: 1 }],
    ['part 0', { kind: 'dish_part', line_id: '12', parts: 3, part: 0 }],
    ['a dish part without its dish', { kind: 'dish_part', parts: 3, part: 1 }],
    ['a fractional amount', { kind: 'amount', amount: 12.5 }],
    ['a zero amount', { kind: 'amount', amount: 0 }],
    ['not an object', 'rest'],
  ])('%s -> refused', (_, request) => {
    expect(parse(request).success).toBe(false);
  });

  it('every kind a payer may ask for has an option (all of SHARE_KINDS but the counter)', () => {
    const kinds = SHARE_KINDS.filter((kind) => kind !== 'counter');
    const accepted = kinds.filter((kind) =>
      [
        { kind },
        { kind, line_ids: ['1'] },
        { kind, line_id: '1', parts: 2, part: 1 },
        { kind, parts: 2, part: 1 },
        { kind, amount: 1 },
      ].some((request) => parse(request).success),
    );
    expect(accepted).toEqual(kinds);
  });
});

import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import { z } from 'zod/mini';
import { MAX_ID, idInput, idOrNameid, money, scope } from './common';
import { errorReplySchema, okReplySchema } from './endpoint';
import type { Endpoint } from './endpoint';
import * as cart from './cart';
import * as orders from './orders';
import * as promotions from './promotions';
import * as restaurants from './restaurants';
import * as reviews from './reviews';
import * as staff from './staff';
import * as tableRequests from './table-requests';

type Inner = z.core.$ZodType;

/** Every schema inside `schema` (object fields, array items, union options, wrapped and piped types). */
function* schemasIn(schema: Inner, seen = new Set<Inner>()): Generator<Inner> {
  if (seen.has(schema)) return;
  seen.add(schema);
  yield schema;
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const children: unknown[] = [
    ...Object.values((def.shape as Record<string, unknown> | undefined) ?? {}),
    ...((def.options as unknown[] | undefined) ?? []),
    ...((def.items as unknown[] | undefined) ?? []),
    def.element,
    def.innerType,
    def.in,
    def.out,
    def.keyType,
    def.valueType,
    def.rest,
  ];
  for (const child of children) {
    if (child && typeof child === 'object' && '_zod' in child) yield* schemasIn(child as Inner, seen);
  }
}

/** Classic zod schemas carry methods such as `.describe()`; zod/mini ones do not. */
const isClassic = (schema: Inner) => typeof (schema as { describe?: unknown }).describe === 'function';

const endpointsOf = (module: Record<string, unknown>) =>
  Object.values(module).filter(
    (value): value is Endpoint => typeof value === 'object' && value !== null && 'path' in value,
  );

describe('zod/mini contract modules', () => {
  it.each([
    ['restaurants', restaurants],
    ['cart', cart],
    ['orders', orders],
    ['staff', staff],
    ['promotions', promotions],
    // The menu asks for its best sellers before its first paint: no classic zod on that path.
    ['reviews', reviews],
    ['tableRequests', tableRequests],
  ])(
    '%s -> every schema of every endpoint is zod/mini (classic zod would be bundled by the apps)',
    (_, module) => {
      const classicFound: string[] = [];
      for (const endpoint of endpointsOf(module)) {
        for (const part of [endpoint.params, endpoint.query, endpoint.body, endpoint.data]) {
          if (!part) continue;
          for (const schema of schemasIn(part)) {
            if (isClassic(schema)) classicFound.push(`${endpoint.id}: ${schema._zod.def.type}`);
          }
        }
      }
      expect(classicFound).toEqual([]);
    },
  );

  it('the reply envelopes -> zod/mini too', () => {
    expect([...schemasIn(errorReplySchema)].some(isClassic)).toBe(false);
    expect([...schemasIn(okReplySchema(money))].some(isClassic)).toBe(false);
  });

  it('the walk -> finds a classic schema nested in a mini one (the check above can fail)', () => {
    const mixed = z.object({ list: z.array(z.optional(classic.string())) });
    expect([...schemasIn(mixed)].some(isClassic)).toBe(true);
  });

  it("idInput.optional() (the bridge for classic modules) -> '7' is 7, absent is undefined, '0' fails", () => {
    const optional = idInput.optional();
    expect(z.safeParse(optional, '7')).toMatchObject({ success: true, data: 7 });
    expect(z.safeParse(optional, undefined)).toMatchObject({ success: true, data: undefined });
    expect(z.safeParse(optional, '0').success).toBe(false);
  });

  it("idInput -> up to 2147483647 (the database's int4 ids); one more, or '99999999999', fails", () => {
    expect(z.safeParse(idInput, MAX_ID)).toMatchObject({ success: true, data: 2_147_483_647 });
    expect(z.safeParse(idInput, MAX_ID + 1).success).toBe(false);
    expect(z.safeParse(idInput, '99999999999').success).toBe(false);
  });

  it("idOrNameid -> '1001' is the id 1001, 'kopitiam-ali' a nameid, an id past int4 no nameid", () => {
    expect(z.safeParse(idOrNameid, '1001')).toMatchObject({ success: true, data: 1001 });
    expect(z.safeParse(idOrNameid, 'kopitiam-ali')).toMatchObject({ success: true, data: 'kopitiam-ali' });
    expect(z.safeParse(idOrNameid, '99999999999').success).toBe(false);
  });

  it("a classic object with zod/mini fields (account.ts style) -> parses: scope 'kopitiam-ali', money 1250", () => {
    const body = classic.object({ scope, amount: money, id: idInput.optional() });
    expect(body.parse({ scope: 'kopitiam-ali', amount: 1250 })).toEqual({
      scope: 'kopitiam-ali',
      amount: 1250,
    });
    expect(body.safeParse({ scope: 'Kopitiam Ali', amount: 1250 }).success).toBe(false);
  });
});

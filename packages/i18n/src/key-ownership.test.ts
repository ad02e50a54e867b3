import { BILL_LINE_KEY, MESSAGE_KEYS, STATUS_WORDING_KEYS, computeBill } from '@santap/domain';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_KEYS, KEY_OWNERSHIP, keyOwner } from './key-ownership';
import { TRANSLATION_KEYS } from './resources';

const keysOwnedBy = (owner: string): string[] => TRANSLATION_KEYS.filter((key) => keyOwner(key) === owner);

declare global {
  interface ImportMeta {
    glob(
      patterns: string[],
      options: { query: '?raw'; import: 'default'; eager: true },
    ): Record<string, string>;
  }
}

/**
 * What the apps ship: the sources of the three apps and of `@santap/ui` (read by vitest's
 * `import.meta.glob`, this package stays free of Node APIs), without tests, stories, Storybook
 * helpers and test fixtures, because a key only they use is not shown to anyone.
 */
const SOURCES: readonly (readonly [string, string])[] = Object.entries(
  import.meta.glob(
    [
      '../../../apps/{diner,foodcourt,kiosk,staff}/src/**/*.{ts,tsx}',
      '../../ui/src/**/*.{ts,tsx}',
      '!**/*.{test,stories}.{ts,tsx}',
      '!**/{testing,test,storybook}/**',
    ],
    { query: '?raw', import: 'default', eager: true },
  ),
);

/** Is `key` written out as a string in a source ('key', "key" or `key`)? */
const usedInSources = (key: string): boolean =>
  SOURCES.some(
    ([, text]) => text.includes(`'${key}'`) || text.includes(`"${key}"`) || text.includes(`\`${key}\``),
  );

describe('keyOwner', () => {
  it.each([
    ['validation.required', 'domain'],
    ['errors.qrExpired', 'domain'],
    ['errors.transactionFailedRefund', 'apps'],
    ['status.waitingConfirmation', 'domain'],
    ['bill.discount.coupon', 'domain'],
    ['bill.sst', 'restaurantData'],
    ['bill.sstDeliveryInclusive', 'restaurantData'],
    ['bill.pbjt', 'restaurantData'],
    ['bill.total', 'apps'],
    ['orderType.dineIn', 'apps'],
    ['refund.bank', 'apps'],
  ])('%s -> %s (longest prefix wins)', (key, owner) => {
    expect(keyOwner(key)).toBe(owner);
  });

  it("'screen.title' (a group nobody owns yet) -> undefined", () => {
    expect(keyOwner('screen.title')).toBeUndefined();
  });

  it('every catalogue key -> has an owner', () => {
    expect(TRANSLATION_KEYS.filter((key) => keyOwner(key) === undefined)).toEqual([]);
  });

  it('every ownership entry -> owns at least one catalogue key (no stale entry)', () => {
    const stale = KEY_OWNERSHIP.filter(
      ({ prefix }) => !TRANSLATION_KEYS.some((key) => key.startsWith(prefix)),
    );
    expect(stale).toEqual([]);
  });
});

describe('unused keys', () => {
  it('domain-owned keys -> each is emitted by @santap/domain (MESSAGE, status wording, bill lines)', () => {
    const emitted = new Set<string>([
      ...MESSAGE_KEYS,
      ...STATUS_WORDING_KEYS,
      ...Object.values(BILL_LINE_KEY),
    ]);
    expect(keysOwnedBy('domain').filter((key) => !emitted.has(key))).toEqual([]);
  });

  // The restaurant settings (apps/api db/settings.ts `taxSettingSchema`) take any string as a tax key,
  // so there is no list there to check these against: what a key must do is work as a bill tax line.
  it('restaurant tax label keys -> each accepted by computeBill as a tax key and printed on its line', () => {
    for (const key of keysOwnedBy('restaurantData')) {
      const bill = computeBill({
        currency: 'MYR',
        lines: [{ unitPrice: 10_000, quantity: 1 }],
        taxes: [{ key, rate: 800, base: 'subtotal' }],
      });
      expect(bill.lines.map((line) => line.key)).toContain(key);
    }
  });

  it('apps-owned keys -> each written out in an app or @santap/ui source, or built by a DYNAMIC_KEYS pattern', () => {
    const unused = keysOwnedBy('apps').filter(
      (key) => !usedInSources(key) && !DYNAMIC_KEYS.some(({ pattern }) => pattern.test(key)),
    );
    expect(unused).toEqual([]);
  });

  it('DYNAMIC_KEYS -> each pattern matches apps-owned keys and its code is still in the sources (no stale entry)', () => {
    for (const { pattern, source } of DYNAMIC_KEYS) {
      expect(keysOwnedBy('apps').filter((key) => pattern.test(key)).length, String(pattern)).toBeGreaterThan(
        0,
      );
      expect(
        SOURCES.some(([, text]) => text.includes(source)),
        source,
      ).toBe(true);
    }
  });

  it('the source scan -> reads the three apps and @santap/ui, and would miss a key nobody writes', () => {
    const folders = new Set(SOURCES.map(([path]) => /(apps\/[a-z]+|\/ui)\/src\//.exec(path)?.[1]));
    expect([...folders].sort()).toEqual(['/ui', 'apps/diner', 'apps/foodcourt', 'apps/kiosk', 'apps/staff']);
    expect(usedInSources('menu.search.label')).toBe(true);
    expect(usedInSources('menu.search.nobodyWritesThis')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ALLERGENS } from '@santap/domain';
import { account, allEndpoints } from './index';

describe('account contract', () => {
  it('spec §7 profile paths -> user info and update_user_details.php present', () => {
    const paths = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(paths).toContain('GET /api/user/info');
    expect(paths).toContain('POST /user_login/update_user_details.php');
  });

  it('every account call -> access user, id in the account namespace', () => {
    const calls = allEndpoints.filter((e) => e.id.startsWith('account.'));
    expect(calls.length).toBeGreaterThanOrEqual(19);
    for (const call of calls) expect(call.access, call.id).toBe('user');
  });

  it('allergy categories -> the five of @santap/domain; other words refused', () => {
    expect(account.allergenCategory.options).toEqual([...ALLERGENS]);
    expect(account.allergyAdd.body!.safeParse({ category: 'nuts' }).data).toEqual({
      category: 'nuts',
      severity: 'avoid',
    });
    expect(account.allergyAdd.body!.safeParse({ category: 'peanut' }).success).toBe(false);
  });

  it('address pin -> outside lng/lat ranges refused', () => {
    const base = { apartment: 'A-1', city: 'Kuala Lumpur' };
    expect(account.addressCreate.body!.safeParse({ ...base, lng: 101.7, lat: 3.1 }).success).toBe(true);
    expect(account.addressCreate.body!.safeParse({ ...base, lng: 181, lat: 3.1 }).success).toBe(false);
    expect(account.addressCreate.body!.safeParse({ ...base, lng: 101.7, lat: -91 }).success).toBe(false);
  });

  it('distance query -> ids and pins coerced from the query string', () => {
    const query = account.addressDistance.query!.parse({ restaurant_id: '1001', lng: '101.7', lat: '3.15' });
    expect(query).toEqual({ restaurant_id: 1001, lng: 101.7, lat: 3.15 });
    expect(account.addressDistance.query!.parse({ restaurant_id: 'kopitiam-ali' }).restaurant_id).toBe(
      'kopitiam-ali',
    );
  });

  it('nutrition range -> YYYY-MM-DD dates only', () => {
    expect(account.nutritionDaily.query!.safeParse({ from: '2026-11-01', to: '2026-11-07' }).success).toBe(
      true,
    );
    expect(account.nutritionDaily.query!.safeParse({ from: '1/11/2026', to: '2026-11-07' }).success).toBe(
      false,
    );
  });
});

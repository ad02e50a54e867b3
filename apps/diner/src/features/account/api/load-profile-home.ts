import type { LoaderFunctionArgs } from 'react-router';
import { AuthRequired, account, promotions } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { localDateAt } from '@santap/schedule';
import { api } from '../../../lib/api';
import { addDays, deviceTimeZone } from '../lib/dates';
import type { SavingTotals } from './load-loyalty';
import { partOf } from './part';
import type { Part } from './part';
import { requireLogin, toLogin } from './require-login';

export type BasicProfile = EndpointData<typeof account.basicProfile>;
export type NutritionData = EndpointData<typeof account.nutritionDaily>;

export type ProfileHomeData =
  | {
      kind: 'ready';
      profile: BasicProfile;
      savings: Part<SavingTotals>;
      nutrition: Part<NutritionData>;
      /** The diner's 'YYYY-MM-DD'. */
      today: string;
    }
  | { kind: 'error'; error: unknown };

/** How many days of nutrition the page shows, today included. */
export const NUTRITION_DAYS = 7;

/**
 * `/profileHome`: the profile header, then — each on its own, so one failing leaves the page usable —
 * the earning and saving total and this week's nutrition counted in the diner's own day.
 */
export async function loadProfileHome({ request }: LoaderFunctionArgs): Promise<ProfileHomeData> {
  requireLogin(request);
  const options = { signal: request.signal };
  const timeZone = deviceTimeZone();
  const today = localDateAt(new Date(), timeZone);
  const [profile, savings, nutrition] = await Promise.allSettled([
    api.call(account.basicProfile, {}, options),
    api.call(promotions.earningSavingTotal, {}, options),
    api.call(
      account.nutritionDaily,
      { query: { from: addDays(today, 1 - NUTRITION_DAYS), to: today, time_zone: timeZone } },
      options,
    ),
  ]);
  const failures = [profile, savings, nutrition].flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.some((error) => error instanceof AuthRequired)) throw toLogin(request);
  if (profile.status === 'rejected') return { kind: 'error', error: profile.reason };
  return {
    kind: 'ready',
    profile: profile.value,
    savings: partOf(savings, (reply) => reply.totals),
    nutrition: partOf(nutrition, (reply) => reply),
    today,
  };
}

import { useEffect, useState } from 'react';
import { reservations } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { api } from '../../../lib/api';
import type { TableChoice } from '../lib/form-state';

export type Availability = EndpointData<typeof reservations.checkAvailability>;

/**
 * The restaurant's free slots for the chosen date, guests and seating (`reservations.checkAvailability`).
 * The last reply stays (`availability`: the booking terms — deposit, largest party, cut-off — stay on
 * screen while another date loads); only `slots` wait for the reply to this very query (`undefined`
 * meanwhile). `recheck` asks again (after a failure, or when the table was taken meanwhile).
 */
export function useBookingAvailability(restaurantId: number, choice: TableChoice) {
  const [checked, setChecked] = useState<{ query: string; reply: Availability }>();
  const [checkError, setCheckError] = useState<unknown>();
  const [checkRound, setCheckRound] = useState(0);
  const { date, guests, smoking } = choice;
  const query = JSON.stringify([date, guests, smoking, checkRound]);
  useEffect(() => {
    if (!date) return undefined;
    const controller = new AbortController();
    setCheckError(undefined);
    api
      .call(
        reservations.checkAvailability,
        { body: { restaurant_id: restaurantId, date, guests, smoking } },
        { signal: controller.signal },
      )
      .then(
        (reply) => setChecked({ query, reply }),
        (error: unknown) => {
          if (!controller.signal.aborted) setCheckError(error);
        },
      );
    return () => controller.abort();
  }, [restaurantId, date, guests, smoking, query]);
  const availability = checked?.reply;
  const slots =
    checked?.query !== query
      ? undefined
      : availability?.slots.map((slot) => ({ slot: slot.slot, available: slot.available }));
  const recheck = () => setCheckRound((n) => n + 1);
  return { availability, slots, checkError, recheck };
}

import type { BookingState } from '@santap/domain';
import { useT } from '../../../lib/use-t';
import { stateWords } from '../lib/booking-words';

/** A booking's state as a word in a pill; the word carries the meaning, the colour only repeats it. */
export function BookingStatePill({ state, id }: { state: BookingState; id?: string }) {
  const { t } = useT();
  const words = stateWords(state);
  return (
    <span id={id} className={`dn-booking-state dn-booking-state--${words.tone}`}>
      {t(words.title)}
    </span>
  );
}

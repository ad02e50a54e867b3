import { useEffect } from 'react';
import { useSession } from '../../../lib/session';

/** The order is taken: its lines leave the session as this screen shows (a new order starts empty). */
export function useClearedSession() {
  const { reset } = useSession();
  useEffect(() => {
    reset();
  }, [reset]);
}

import { useMemo, useState } from 'react';
import type { UiMessage } from '@santap/ui';
import { uiMessageOf } from '@santap/web';
import type { CartData, CartState } from '@santap/web';
import { useT } from '../../../lib/use-t';
import type { CartPopup } from '../components/cart-popups';
import { composeSpecialNote, readCartNote, writeCartNote } from '../lib/special-note';
import type { CartNote } from '../lib/special-note';

/**
 * The restaurant cart's popups and what they save: a line's note, the special request and the
 * save-trees choice (one special note on the server, its parts kept for this tab); a refused save
 * stays in the open popup as its error.
 */
export function useCartPopups(scope: string, cart: CartData, cartState: CartState) {
  const { t } = useT();
  const [popup, setPopup] = useState<CartPopup>();
  const [error, setError] = useState<UiMessage | undefined>();
  const saveTreesWords = useMemo(
    () => ({ noCutlery: t('cart.saveTrees.noCutlery'), noPaper: t('cart.saveTrees.noPaper') }),
    [t],
  );
  const note: CartNote = useMemo(
    () => readCartNote(scope, cart.special_note, saveTreesWords),
    [scope, cart.special_note, saveTreesWords],
  );

  const run = async (action: () => Promise<unknown>) => {
    setError(undefined);
    try {
      await action();
      setPopup(undefined);
    } catch (failure) {
      setError(uiMessageOf(failure));
    }
  };

  return {
    popup,
    error,
    note,
    open: (next: CartPopup) => {
      setError(undefined);
      setPopup(next);
    },
    close: () => setPopup(undefined),
    saveLineNote: (cartItemId: number, text: string) => void run(() => cartState.setNotes(cartItemId, text)),
    saveNote: (next: CartNote) =>
      void run(async () => {
        await cartState.setSpecialNote(composeSpecialNote(next, saveTreesWords));
        writeCartNote(scope, next);
      }),
  };
}

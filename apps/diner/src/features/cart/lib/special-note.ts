import type { SaveTreesChoice } from '@santap/ui';

/** The diner's special request and save-trees choice, as the cart page keeps them apart. */
export interface CartNote {
  request: string;
  saveTrees: SaveTreesChoice;
}

export const NO_SAVE_TREES: SaveTreesChoice = { noCutlery: false, noPaper: false };

/** The words of the save-trees lines, in the diner's language. */
export interface SaveTreesWords {
  noCutlery: string;
  noPaper: string;
}

/**
 * The one special note the cart sends (`cart.cartSpecialNote`): the save-trees lines first, then the
 * diner's request. The contract has no field for cutlery or paper, so the kitchen reads them as part
 * of the note.
 */
export function composeSpecialNote(note: CartNote, words: SaveTreesWords): string {
  const lines = [
    note.saveTrees.noCutlery ? words.noCutlery : '',
    note.saveTrees.noPaper ? words.noPaper : '',
    note.request.trim(),
  ];
  return lines.filter((line) => line !== '').join('\n');
}

const KEY_PREFIX = 'santap.cartNote.';

/**
 * The note of a restaurant's cart: the parts kept in sessionStorage when they still compose to the
 * server's note, else the server's note as the request (another device or an older session wrote it).
 */
export function readCartNote(scope: string, serverNote: string | null, words: SaveTreesWords): CartNote {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY_PREFIX + scope) ?? 'null') as CartNote | null;
    if (
      stored &&
      typeof stored.request === 'string' &&
      typeof stored.saveTrees?.noCutlery === 'boolean' &&
      typeof stored.saveTrees.noPaper === 'boolean' &&
      composeSpecialNote(stored, words) === (serverNote ?? '')
    ) {
      return stored;
    }
  } catch {
    // unreadable: fall back to the server's note
  }
  return { request: serverNote ?? '', saveTrees: NO_SAVE_TREES };
}

/** Does this tab keep a note for the cart of `scope` (sessionStorage)? */
export function hasStoredCartNote(scope: string): boolean {
  try {
    return sessionStorage.getItem(KEY_PREFIX + scope) !== null;
  } catch {
    return false;
  }
}

export function writeCartNote(scope: string, note: CartNote) {
  try {
    sessionStorage.setItem(KEY_PREFIX + scope, JSON.stringify(note));
  } catch {
    // storage blocked: the server still has the composed note
  }
}

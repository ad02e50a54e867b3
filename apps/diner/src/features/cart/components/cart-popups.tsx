import { NotesPopup, PackagingChargesPopup, SaveTreesPopup, SpecialRequestPopup } from '@santap/ui';
import type { SaveTreesChoice, UiMessage } from '@santap/ui';
import type { Currency } from '@santap/domain';
import type { CartLine } from '../../../lib/api-types';
import type { CartNote } from '../lib/special-note';

export type CartPopup =
  | { kind: 'note'; line: CartLine }
  | { kind: 'specialRequest' }
  | { kind: 'packaging' }
  | { kind: 'saveTrees' }
  | undefined;

export interface CartPopupsProps {
  popup: CartPopup;
  onClose: () => void;
  /** A refused save, in the open popup. */
  error: UiMessage | undefined;
  saving: boolean;
  note: CartNote;
  onLineNote: (line: CartLine, text: string) => void;
  onNote: (next: CartNote) => void;
  packagingAmount: number;
  currency: Currency;
}

/** The cart's popups: a line's note, the special request, save trees, what packaging costs. */
export function CartPopups({
  popup,
  onClose,
  error,
  saving,
  note,
  onLineNote,
  onNote,
  packagingAmount,
  currency,
}: CartPopupsProps) {
  const shared = { open: true, onClose, saving, ...(error ? { error } : {}) };
  return (
    <>
      {popup?.kind === 'note' ? (
        <NotesPopup
          {...shared}
          value={popup.line.notes ?? ''}
          subject={popup.line.name}
          maxLength={300}
          onSave={(text) => onLineNote(popup.line, text)}
        />
      ) : null}
      {popup?.kind === 'specialRequest' ? (
        <SpecialRequestPopup
          {...shared}
          value={note.request}
          maxLength={400}
          onSave={(text) => onNote({ ...note, request: text })}
        />
      ) : null}
      {popup?.kind === 'saveTrees' ? (
        <SaveTreesPopup
          {...shared}
          value={note.saveTrees}
          onSave={(choice: SaveTreesChoice) => onNote({ ...note, saveTrees: choice })}
        />
      ) : null}
      <PackagingChargesPopup
        open={popup?.kind === 'packaging'}
        onClose={onClose}
        amount={packagingAmount}
        currency={currency}
      />
    </>
  );
}

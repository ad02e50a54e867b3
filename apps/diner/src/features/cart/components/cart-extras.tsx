import { Button } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { CartNote } from '../lib/special-note';

export interface CartExtrasProps {
  note: CartNote;
  /** Save trees is offered for orders taken away (never dine-in). */
  saveTrees: boolean;
  onSpecialRequest: () => void;
  onSaveTrees: () => void;
}

/** The special request (shown once written) and the save-trees choice under the cart's lines. */
export function CartExtras({ note, saveTrees, onSpecialRequest, onSaveTrees }: CartExtrasProps) {
  const { t } = useT();
  return (
    <section className="dn-cart-extras" aria-label={t('cart.extras')}>
      <Button variant="secondary" icon="info" onClick={onSpecialRequest}>
        {note.request ? t('cart.specialRequest.edit') : t('cart.specialRequest.add')}
      </Button>
      {note.request ? <p className="dn-muted dn-cart-note">{note.request}</p> : null}
      {saveTrees ? (
        <Button variant="secondary" icon="leaf" onClick={onSaveTrees}>
          {note.saveTrees.noCutlery || note.saveTrees.noPaper
            ? t('cart.saveTrees.on')
            : t('cart.saveTrees.open')}
        </Button>
      ) : null}
    </section>
  );
}

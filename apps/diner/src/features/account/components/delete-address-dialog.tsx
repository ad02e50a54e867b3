import { Button, Dialog } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { Address } from '../api/load-user-profile';

export interface DeleteAddressDialogProps {
  /** The saved address the diner asked to delete; the dialog is open while there is one. */
  address: Pick<Address, 'apartment' | 'city'> | undefined;
  /** Keep the address (also Escape and the close button). */
  onCancel: () => void;
  onDelete: () => void;
}

/**
 * 'Delete this address?' on the profile's saved addresses: an `alertdialog` naming the address
 * (apartment and city), Cancel first, the danger button second.
 */
export function DeleteAddressDialog({ address, onCancel, onDelete }: DeleteAddressDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={address !== undefined}
      onClose={onCancel}
      role="alertdialog"
      variant="center"
      title={t('account.address.deleteTitle')}
      description={address ? <p>{[address.apartment, address.city].join(', ')}</p> : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {t('ui.common.cancel')}
          </Button>
          <Button variant="danger" onClick={onDelete}>
            {t('account.address.delete')}
          </Button>
        </>
      }
    />
  );
}

import type { ReactNode } from 'react';
import { Button, useUiTranslation } from '@santap/ui';

export interface PanelActionsProps {
  /** The panel's submit button. */
  children: ReactNode;
  onClose: () => void;
  /** Why the last try failed, announced above the buttons. */
  error?: string | null | undefined;
}

/** The end of a till or booking panel: the last failure (an alert), its submit button and Close. */
export function PanelActions({ children, onClose, error }: PanelActionsProps) {
  const { t } = useUiTranslation();
  return (
    <>
      {error ? (
        <p className="staff-pay__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="staff-pay__actions">
        {children}
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('staff.counter.close')}
        </Button>
      </div>
    </>
  );
}

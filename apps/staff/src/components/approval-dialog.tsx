import { useState } from 'react';
import type { FormEvent } from 'react';
import { ServerMessage } from '@santap/api-client';
import { Button, Dialog, TextField, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import './approval-dialog.css';

/** What a sensitive action's refusal asks for (apps/api docs/audit.md, "Manager approval"). */
export type ApprovalNeed = 'manager_pin' | 'reason';

/** The approval sent with the retried action (contract `approvalInput`). */
export interface Approval {
  manager?: string;
  pin?: string;
  reason: string;
}

/**
 * Whether `error` is the server asking for an approval: 403 `approval.error.needed` (a manager's PIN)
 * or 400 `approval.error.reasonNeeded` (a manager's own action), by the `approval` flag of its details.
 */
export function approvalNeedOf(error: unknown): ApprovalNeed | null {
  if (!(error instanceof ServerMessage)) return null;
  const flag = (error.details as { approval?: unknown } | undefined)?.approval;
  return flag === 'manager_pin' || flag === 'reason' ? flag : null;
}

export interface ApprovalDialogProps {
  need: ApprovalNeed;
  /** Retries the action with the approval; a refusal (a wrong PIN, locked) is shown in the dialog. */
  onApprove: (approval: Approval) => Promise<void>;
  onClose: () => void;
}

/**
 * The manager's approval of a sensitive action on this device: a server or the kitchen gets the
 * manager's username, their PIN (digits, masked) and a reason; a manager's own action the reason only.
 * Every field and button is at least 48 px high (approval-dialog.css).
 */
export function ApprovalDialog({ need, onApprove, onClose }: ApprovalDialogProps) {
  const { t } = useUiTranslation();
  const [manager, setManager] = useState('');
  const [pin, setPin] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withPin = need === 'manager_pin';
  const ready = reason.trim() !== '' && (!withPin || (manager.trim() !== '' && /^\d{4,6}$/.test(pin)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onApprove(
        withPin ? { manager: manager.trim(), pin, reason: reason.trim() } : { reason: reason.trim() },
      );
    } catch (failure) {
      setPin('');
      setError(errorText(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(withPin ? 'approval.title' : 'approval.reasonTitle')}
      description={withPin ? t('approval.intro') : undefined}
      busy={busy}
      className="staff-approval"
    >
      <form className="staff-approval__form" onSubmit={(event) => void submit(event)}>
        {withPin ? (
          <>
            <TextField
              label={t('approval.manager')}
              autoComplete="off"
              autoCapitalize="none"
              value={manager}
              maxLength={80}
              onChange={(event) => setManager(event.target.value)}
              required
            />
            <TextField
              label={t('approval.pin')}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              pattern="[0-9]{4,6}"
              maxLength={6}
              value={pin}
              onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
              required
            />
          </>
        ) : null}
        <TextField
          label={t('approval.reason')}
          value={reason}
          maxLength={300}
          onChange={(event) => setReason(event.target.value)}
          required
        />
        {error ? (
          <p className="staff-approval__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="staff-approval__actions">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('approval.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={!ready}>
            {t('approval.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState } from 'react';
import { ServerMessage } from '@santap/api-client';
import type { Currency } from '@santap/domain';
import { Button, Dialog, useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { useMoney } from '../../../lib/use-money';
import { tableName } from '../lib/tab-words';
import type { TabView } from '../lib/types';
import '../../../components/desk.css';
import { ApprovalDialog, approvalNeedOf } from '../../../components/approval-dialog';
import type { Approval, ApprovalNeed } from '../../../components/approval-dialog';

/** The server's refusal of a close while money is left (apps/api docs/tabs.md, Closing). */
export const NOT_SETTLED = 'tab.error.notSettled';

export interface CloseTabProps {
  tab: TabView;
  /** A manager may force the close of a tab with money left; others only see the refusal. */
  mayForce: boolean;
  /** `staff.tabClose`; rejects with the server's refusal. */
  onClose: (tabId: number, force: boolean, approval?: Approval) => Promise<unknown>;
  guard: () => boolean;
}

/**
 * 'Close table' (`staff.tabClose`): clears a settled tab. With money left the server refuses in the
 * staff member's language, shown here in place; a manager then gets 'Close anyway', which asks first
 * and says the orders stay owing (the counter takes them later). The forced close then takes a
 * manager's approval (apps/api docs/audit.md, "Manager approval"): the server's answer opens the
 * approval dialog (the manager's reason) and the close is sent again with it.
 */
export function CloseTab({ tab, mayForce, onClose, guard }: CloseTabProps) {
  const { t } = useUiTranslation();
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refusedOwing, setRefusedOwing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [approvalNeed, setApprovalNeed] = useState<ApprovalNeed | null>(null);

  const close = async (force: boolean) => {
    if (busy || !guard()) return;
    setBusy(true);
    setError(null);
    try {
      await onClose(tab.tab_id, force);
      setConfirming(false);
    } catch (failure) {
      setConfirming(false);
      const need = approvalNeedOf(failure);
      if (need) {
        setApprovalNeed(need);
        return;
      }
      setError(errorText(failure, t));
      setRefusedOwing(failure instanceof ServerMessage && failure.code === NOT_SETTLED);
    } finally {
      setBusy(false);
    }
  };

  const table = tableName(tab, t);
  return (
    <div className="staff-tab-close">
      <Button variant="secondary" loading={busy && !confirming} onClick={() => void close(false)}>
        {t('staff.tabs.close')}
      </Button>
      {error ? (
        <p className="staff-pay__error" role="alert">
          {error}
        </p>
      ) : null}
      {refusedOwing && mayForce ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('staff.tabs.closeAnyway')}
        </Button>
      ) : null}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        variant="center"
        title={t('staff.tabs.forceTitle', {
          table,
          // What the server counts as owing: left, and what shares under way have not paid yet.
          amount: money(tab.left + tab.pending, tab.currency as Currency),
        })}
        description={<p>{t('staff.tabs.forceBody')}</p>}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('staff.tabs.keepOpen')}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => void close(true)}>
              {t('staff.tabs.closeAnyway')}
            </Button>
          </>
        }
      />
      {approvalNeed ? (
        <ApprovalDialog
          need={approvalNeed}
          onApprove={async (approval) => {
            await onClose(tab.tab_id, true, approval);
            setApprovalNeed(null);
          }}
          onClose={() => setApprovalNeed(null)}
        />
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import type { Currency } from '@santap/domain';
import { Banner, Dialog, useUiTranslation } from '@santap/ui';
import type { UiTranslate } from '@santap/ui';
import { useMoney } from '../../../lib/use-money';
import type { TabCashReply } from '../hooks/use-open-tabs';
import { SHARE_KIND_KEY, clockTime, lineState, memberName, shareMethod, tableName } from '../lib/tab-words';
import type { TabLine, TabMember, TabShare, TabView } from '../lib/types';
import { CloseTab } from './close-tab';
import type { Approval } from '../../../components/approval-dialog';
import { JoinCode } from './join-code';
import { TabMoney } from './tab-money';
import { MemberList, WaitingMembers } from './tab-members';
import { TakeRest } from './take-rest';

export interface TabDetailsProps {
  /** The tab as last read; `gone` when it is no longer open (closed on another device). */
  tab: TabView;
  gone: boolean;
  mayForce: boolean;
  timeZone: string;
  locale: string;
  guard: () => boolean;
  onAdmit: (tabId: number, member: TabMember) => Promise<unknown>;
  onTake: (
    tabId: number,
    body: { method: 'Cash' | 'Card'; amount?: number },
    idempotencyKey: string,
  ) => Promise<TabCashReply>;
  onCloseTab: (tabId: number, force: boolean, approval?: Approval) => Promise<unknown>;
  onDismiss: () => void;
}

function LineRow({
  tab,
  line,
  t,
  money,
}: {
  tab: TabView;
  line: TabLine;
  t: UiTranslate;
  money: (n: number) => string;
}) {
  const state = lineState(line);
  const stateText =
    state === 'paid'
      ? t('staff.tabs.paid')
      : state === 'paying'
        ? line.held_by === null
          ? t('staff.tabs.paying')
          : t('staff.tabs.payingBy', { name: memberName(tab, line.held_by, t) })
        : state === 'part'
          ? t('staff.tabs.partLeft', { left: money(line.left), amount: money(line.amount) })
          : t('staff.tabs.unpaid');
  return (
    <li className={`staff-tab-line staff-tab-line--${state}`} data-line-id={line.line_id}>
      <span className="staff-tab-line__dish">
        <strong>
          {line.quantity} × {line.name}
        </strong>
        {line.options ? <span className="staff-tab-line__options">{line.options}</span> : null}
        {line.member_id !== null ? (
          <span className="staff-tab-line__by">
            {t('staff.tabs.orderedBy', { name: memberName(tab, line.member_id, t) })}
          </span>
        ) : null}
      </span>
      <span className="staff-tab-line__amount">{money(line.amount)}</span>
      <span className="staff-tab-line__state">{stateText}</span>
    </li>
  );
}

function ShareRow({
  tab,
  share,
  t,
  money,
  timeZone,
  locale,
}: {
  tab: TabView;
  share: TabShare;
  t: UiTranslate;
  money: (n: number) => string;
  timeZone: string;
  locale: string;
}) {
  const kind = SHARE_KIND_KEY[share.kind];
  const stateText =
    share.state === 'paid'
      ? `${t('staff.tabs.paid')} ${clockTime(share.created_epoch, timeZone, locale)}`
      : share.state === 'pending'
        ? t('staff.tabs.pendingUntil', {
            time: clockTime(share.hold_until_epoch ?? share.created_epoch, timeZone, locale),
          })
        : t('staff.tabs.void');
  return (
    <li className={`staff-tab-share staff-tab-share--${share.state}`} data-share-id={share.share_id}>
      <span className="staff-tab-share__who">
        <strong>{memberName(tab, share.member_id, t)}</strong>
        <span>
          {kind ? `${t(kind)} · ` : ''}
          {shareMethod(share, tab.currency, t)}
        </span>
      </span>
      <span className="staff-tab-share__amount">
        {money(share.amount)}
        {share.tip > 0 ? <small>{t('staff.tabs.tip', { amount: money(share.tip) })}</small> : null}
      </span>
      <span className="staff-tab-share__state">{stateText}</span>
    </li>
  );
}

/**
 * One table's tab in full (a dialog over the board or the counter): the join code and the money, the
 * actions (take the rest, close the table), who is at the table and who asks to join, the equal
 * splits under way, every dish with whether it is paid, being paid (by whom) or left, and every
 * payment (who, how, its state). It follows the live tab: each re-read re-renders it.
 */
export function TabDetails(props: TabDetailsProps) {
  const { tab, gone, mayForce, timeZone, locale, guard, onAdmit, onTake, onCloseTab, onDismiss } = props;
  const { t } = useUiTranslation();
  const format = useMoney();
  const currency = tab.currency as Currency;
  const money = (amount: number) => format(amount, currency);
  const dishesId = useId();
  const paymentsId = useId();
  const table = tableName(tab, t);
  const lineName = (lineId: string | null) => tab.lines.find((line) => line.line_id === lineId)?.name ?? '';

  return (
    <Dialog open onClose={onDismiss} title={table} className="staff-tab-dialog">
      {gone ? <Banner tone="info">{t('staff.tabs.gone')}</Banner> : null}
      <div className="staff-tab-dialog__top">
        <JoinCode tab={tab} />
        <TabMoney tab={tab} />
      </div>
      {gone ? null : (
        <div className="staff-tab-dialog__actions">
          <TakeRest tab={tab} onTake={onTake} guard={guard} />
          <CloseTab tab={tab} mayForce={mayForce} onClose={onCloseTab} guard={guard} />
        </div>
      )}
      {gone ? null : <WaitingMembers tab={tab} onAdmit={onAdmit} />}
      <MemberList tab={tab} />
      {tab.splits.map((split) => (
        <p key={`${split.kind}-${split.line_id ?? ''}-${split.of}`} className="staff-tab-dialog__split">
          {split.kind === 'equal'
            ? t('staff.tabs.split', { parts: split.parts, taken: split.taken.length })
            : t('staff.tabs.splitDish', {
                dish: lineName(split.line_id),
                parts: split.parts,
                taken: split.taken.length,
              })}
        </p>
      ))}
      <div className="staff-tab-dialog__columns">
        <section aria-labelledby={dishesId}>
          <h3 id={dishesId}>{t('staff.tabs.dishes')}</h3>
          <ul className="staff-tab-dialog__list">
            {tab.lines.map((line) => (
              <LineRow key={line.line_id} tab={tab} line={line} t={t} money={money} />
            ))}
          </ul>
        </section>
        <section aria-labelledby={paymentsId}>
          <h3 id={paymentsId}>{t('staff.tabs.payments')}</h3>
          {tab.shares.length === 0 ? <p className="staff-tab__muted">{t('staff.tabs.noPayments')}</p> : null}
          <ul className="staff-tab-dialog__list">
            {tab.shares.map((share) => (
              <ShareRow
                key={share.share_id}
                tab={tab}
                share={share}
                t={t}
                money={money}
                timeZone={timeZone}
                locale={locale}
              />
            ))}
          </ul>
        </section>
      </div>
    </Dialog>
  );
}

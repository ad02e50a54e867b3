import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { tabs } from '@santap/api-client';
import type { EndpointData } from '@santap/api-client';
import { Banner, Button, TextField } from '@santap/ui';
import { errorText } from '@santap/web';
import type { TabJoinProps } from '../../../components/tab-join-slot';
import { tabPaths } from '../../../config/tab-paths';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { useMoney } from '../lib/money';
import './tab.css';

type AtTable = EndpointData<typeof tabs.tabAtTable>;

/** While staff have not let the diner in yet, the table is asked again this often. */
const WAITING_POLL_MS = 10_000;

/**
 * The menu's word on the table's tab (apps/api docs/tabs.md, Joining), loaded after the menu's first
 * paint (`app/lazy-tab-join.tsx`): with the table's ticket, `tabs.atTable` says whether the diner is on
 * the tab here (a link to it), or friends have one to join — by a button where a scan joins
 * (`joinable: scan`), or with their code, or by asking staff (`joinable: code`). Nothing when there is
 * no tab, or the question fails: the banner only adds to the menu. The server's refusals show on the
 * field they are about, and what was typed stays.
 */
export function JoinBanner({ restaurantId, tableId }: TabJoinProps) {
  const { t } = useT();
  const [atTable, setAtTable] = useState<AtTable>();
  const [hidden, setHidden] = useState(false);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    let current = true;
    const ask = () =>
      api
        .call(tabs.tabAtTable, { query: { restaurant_id: restaurantId, table_id: tableId } })
        .then((reply) => {
          if (current) setAtTable(reply);
        })
        .catch(() => undefined);
    void ask();
    const timer = waiting ? setInterval(() => void ask(), WAITING_POLL_MS) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [restaurantId, tableId, waiting]);

  if (hidden || !atTable) return null;
  const dismiss = () => setHidden(true);
  const joined = (tab: AtTable['tab']) => {
    setWaiting(false);
    setAtTable({ tab, joinable: null });
  };
  if (atTable.tab) return <OnTheTab tab={atTable.tab} onDismiss={dismiss} />;
  if (atTable.joinable === 'scan') {
    return <JoinByScan restaurantId={restaurantId} tableId={tableId} onJoined={joined} onDismiss={dismiss} />;
  }
  if (atTable.joinable === 'code') {
    return (
      // No close button in its corner: at 360 px the code field needs that width ('Not now' instead).
      <Banner className="tab-join" tone="info" title={t('tab.join.codeTitle')}>
        <JoinByCode restaurantId={restaurantId} tableId={tableId} onJoined={joined} />
        <AskStaff
          restaurantId={restaurantId}
          tableId={tableId}
          waiting={waiting}
          onAsked={() => setWaiting(true)}
          onNotNow={dismiss}
        />
      </Banner>
    );
  }
  return null;
}

function OnTheTab({ tab, onDismiss }: { tab: NonNullable<AtTable['tab']>; onDismiss: () => void }) {
  const { t } = useT();
  const money = useMoney(tab.currency);
  return (
    <Banner
      className="tab-join"
      tone="success"
      onDismiss={onDismiss}
      action={
        <Link className="st-button st-button--secondary" to={tabPaths.tab(tab.tab_id)}>
          {t('tab.join.view')}
        </Link>
      }
    >
      {t('tab.join.member', { amount: money(tab.left) })}
    </Banner>
  );
}

type JoinProps = TabJoinProps & { onJoined: (tab: AtTable['tab']) => void };

function JoinByScan({ restaurantId, tableId, onJoined, onDismiss }: JoinProps & { onDismiss: () => void }) {
  const { t } = useT();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string>();
  const join = async () => {
    setJoining(true);
    setError(undefined);
    try {
      const reply = await api.call(tabs.tabJoin, {
        body: { restaurant_id: restaurantId, table_id: tableId },
      });
      onJoined(reply.tab);
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setJoining(false);
    }
  };
  return (
    <Banner
      className="tab-join"
      tone="info"
      title={t('tab.join.scanTitle')}
      onDismiss={onDismiss}
      action={
        <Button loading={joining} onClick={() => void join()}>
          {t('tab.join.scanJoin')}
        </Button>
      }
    >
      {error ? (
        <p className="st-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </Banner>
  );
}

function JoinByCode({ restaurantId, tableId, onJoined }: JoinProps) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string>();
  const join = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim().toUpperCase();
    if (!typed) {
      setError(t('validation.required'));
      return;
    }
    setJoining(true);
    setError(undefined);
    try {
      const reply = await api.call(tabs.tabJoin, {
        body: { restaurant_id: restaurantId, table_id: tableId, code: typed },
      });
      onJoined(reply.tab);
    } catch (failure) {
      // A wrong code, too many tries: the server's words, on the field, the code still in it.
      setError(errorText(failure, t));
    } finally {
      setJoining(false);
    }
  };
  return (
    <form className="st-inline-form" onSubmit={(event) => void join(event)} noValidate>
      <TextField
        className="tab-code-input"
        label={t('tab.join.code')}
        value={code}
        maxLength={12}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        error={error}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" loading={joining}>
        {t('tab.join.join')}
      </Button>
    </form>
  );
}

function AskStaff({
  restaurantId,
  tableId,
  waiting,
  onAsked,
  onNotNow,
}: TabJoinProps & { waiting: boolean; onAsked: () => void; onNotNow: () => void }) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  if (waiting) return <p role="status">{t('tab.join.waiting')}</p>;
  if (!asking) {
    return (
      <div className="dn-actions">
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('tab.join.ask')}
        </Button>
        <Button variant="ghost" onClick={onNotNow}>
          {t('tab.join.notNow')}
        </Button>
      </div>
    );
  }
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      await api.call(tabs.tabAskToJoin, {
        body: { restaurant_id: restaurantId, table_id: tableId, name: name.trim() },
      });
      onAsked();
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setSending(false);
    }
  };
  return (
    <form className="st-inline-form" onSubmit={(event) => void send(event)} noValidate>
      <TextField
        label={t('tab.join.askName')}
        value={name}
        maxLength={20}
        autoComplete="nickname"
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" loading={sending}>
        {t('tab.join.askSend')}
      </Button>
    </form>
  );
}

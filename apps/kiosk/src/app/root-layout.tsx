import { useEffect, useSyncExternalStore } from 'react';
import { Outlet, useMatches } from 'react-router';
import { KioskIdleWarning, KioskQueueStatus, useOnline } from '@santap/ui';
import type { KioskQueueTicket } from '@santap/ui';
import { outbox } from '../lib/outbox';
import type { OutboxEntry } from '../lib/outbox';
import { useIdleTimer } from '../lib/use-idle';
import { useKiosk } from '../lib/kiosk-context';
import { preloadScreens } from './router';
import type { IdleHandle } from './router';
import { useStartOver } from '../lib/use-start-over';

/** How long a sent order stays listed (its number shown) before the list forgets it (ms). */
const SENT_SHOWN_MS = 15 * 60_000;

const ticketOf = (entry: OutboxEntry): KioskQueueTicket => ({
  ticket: entry.ticket,
  state: entry.state === 'queued' ? 'waiting' : entry.state,
  ...(entry.result ? { numbers: entry.result.tickets.map((ticket) => ticket.queueNo) } : {}),
  ...(entry.reason ? { reason: entry.reason } : {}),
});

/**
 * Every screen: the screen itself, the idle time-out of the route (`handle.idle`), and the offline
 * queue's status bar, which says when the kiosk is offline, how many orders wait, and the numbers
 * orders taken offline got once sent.
 */
export function RootLayout() {
  const kiosk = useKiosk();
  const online = useOnline();
  const startOver = useStartOver();
  const entries = useSyncExternalStore(outbox.subscribe, outbox.snapshot, outbox.snapshot);
  const handle = useMatches().findLast((match) => match.handle)?.handle as IdleHandle | undefined;
  const settings = kiosk.data?.settings;
  const ready = settings !== undefined;
  useEffect(() => {
    if (!ready) return undefined;
    const timer = setTimeout(preloadScreens, 1000);
    return () => clearTimeout(timer);
  }, [ready]);
  const idleMode = handle?.idle ?? 'off';
  const idle = useIdleTimer({
    enabled: idleMode !== 'off' && settings !== undefined,
    timeoutSeconds: typeof idleMode === 'number' ? idleMode : (settings?.idle_timeout_seconds ?? 60),
    warningSeconds: settings?.idle_warning_seconds ?? 15,
    onTimeout: startOver,
  });
  // Orders taken offline, the ones the server refused, and recently sent ones (with their numbers).
  const shownSince = Date.now() - SENT_SHOWN_MS;
  const tickets = entries
    .filter((entry) => entry.state !== 'sent' || (entry.attempts > 1 && entry.takenAt > shownSince))
    .map(ticketOf);
  return (
    <div className="kiosk-shell">
      <div className="kiosk-shell__screen">
        <Outlet />
      </div>
      <KioskQueueStatus
        online={online}
        tickets={tickets}
        onDismiss={(ticket) => void dismiss(entries, ticket)}
      />
      <KioskIdleWarning
        open={idle.warning}
        secondsLeft={idle.secondsLeft}
        onStay={idle.stay}
        onLeave={startOver}
      />
    </div>
  );
}

async function dismiss(entries: readonly OutboxEntry[], ticket: string) {
  const entry = entries.find((candidate) => candidate.ticket === ticket && candidate.state !== 'queued');
  if (entry) await outbox.remove(entry.key);
}

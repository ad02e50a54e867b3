import { useUiTranslation } from '../i18n/translation';
import { IconButton } from '../components/button';
import { Icon } from '../components/icons';
import { cx } from '../components/cx';
import './kiosk.css';

/** One order the kiosk keeps: waiting to be sent, sent (with its numbers) or refused by the server. */
export interface KioskQueueTicket {
  /** The short ticket code the customer was shown. */
  ticket: string;
  state: 'waiting' | 'sent' | 'failed';
  /** The queue numbers the kitchen gave it, once sent. */
  numbers?: readonly number[];
  /** Why the server refused it (already in the kiosk's language). */
  reason?: string;
}

/** Props of {@link KioskQueueStatus}. */
export interface KioskQueueStatusProps {
  online: boolean;
  tickets: readonly KioskQueueTicket[];
  /** Removes a sent or failed ticket from the list (staff, after dealing with it). */
  onDismiss?: (ticket: string) => void;
}

/**
 * What the kiosk is holding, always on screen when there is something to say: offline, orders waiting
 * to be sent, orders the server refused (staff must act), and the numbers queued orders got once sent.
 * A polite live region: the customer hears 'Offline' and the count change without losing their place.
 * Nothing is shown while online with no ticket.
 */
export function KioskQueueStatus({ online, tickets, onDismiss }: KioskQueueStatusProps) {
  const { t } = useUiTranslation();
  const waiting = tickets.filter((ticket) => ticket.state === 'waiting').length;
  const failed = tickets.filter((ticket) => ticket.state === 'failed').length;
  const visible = !online || tickets.length > 0;
  return (
    <section
      className={cx(
        'st-kiosk-queue',
        !online && 'st-kiosk-queue--offline',
        failed > 0 && 'st-kiosk-queue--failed',
      )}
      aria-label={t('kiosk.queue.title')}
      hidden={!visible}
    >
      <div role="status" aria-live="polite" className="st-kiosk-queue__summary">
        {visible ? (
          <>
            <span className="st-kiosk-queue__pill">
              <Icon name={online ? 'check' : 'warning'} size={20} />
              {online ? t('kiosk.queue.online') : t('kiosk.queue.offline')}
            </span>
            {!online ? <span>{t('kiosk.queue.offlineHint')}</span> : null}
            {waiting > 0 ? <span>{t('kiosk.queue.waiting', { count: waiting })}</span> : null}
            {failed > 0 ? <strong>{t('kiosk.queue.failed', { count: failed })}</strong> : null}
          </>
        ) : null}
      </div>
      {tickets.length > 0 ? (
        <ul className="st-kiosk-queue__list">
          {tickets.map((ticket) => (
            <li
              key={ticket.ticket}
              className={`st-kiosk-queue__ticket st-kiosk-queue__ticket--${ticket.state}`}
            >
              <span className="st-kiosk-queue__code">
                {t('kiosk.queue.ticket', { ticket: ticket.ticket })}
              </span>
              <span>
                {ticket.state === 'waiting'
                  ? t('kiosk.queue.stateWaiting')
                  : ticket.state === 'sent'
                    ? t('kiosk.queue.stateSent', { numbers: (ticket.numbers ?? []).join(', ') })
                    : t('kiosk.queue.stateFailed', { reason: ticket.reason ?? '' })}
              </span>
              {onDismiss && ticket.state !== 'waiting' ? (
                <IconButton
                  icon="close"
                  label={t('kiosk.queue.dismiss', { ticket: ticket.ticket })}
                  onClick={() => onDismiss(ticket.ticket)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

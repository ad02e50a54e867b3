import { useEffect, useState } from 'react';
import { staff } from '@santap/api-client';
import { toIntlLocale } from '@santap/i18n';
import { Button, useToast, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { api } from '../../../lib/api';
import { errorText } from '@santap/web';

/** The pauses offered (minutes); the API takes 1-240, 0 takes orders again. */
export const PAUSE_MINUTES = [15, 30, 60] as const;
/** Who may pause (the API's roles for `POST /api/staff/restaurant/pause`). */
const PAUSERS: readonly string[] = ['manager', 'kitchen'];

/**
 * In the top bar (manager, kitchen): 'Pause orders' for 15, 30 or 60 minutes (a busy kitchen, spec §8
 * 'Currently not accepting orders'), then 'New orders paused until 14:30' with 'Take orders again'.
 * Starts from `GET /api/staff/me`'s `paused_until_epoch`; the bar drops the notice when the pause lapses.
 * While the device is offline the call is refused with the offline words, without a call.
 */
export function PauseControl() {
  const me = useStaffMe();
  const { t, language } = useUiTranslation();
  const toast = useToast();
  const [until, setUntil] = useState<number | null>(me.restaurant.paused_until_epoch);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 15_000);
    return () => clearInterval(timer);
  }, [until]);

  if (!PAUSERS.includes(me.staff.role)) return null;
  const paused = until !== null && until > now;

  const pause = async (minutes: number) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      toast.show(t('staff.offline'), { tone: 'error' });
      return;
    }
    setBusy(true);
    try {
      const reply = await api.call(staff.staffPauseOrders, { body: { minutes } });
      setUntil(reply.paused_until_epoch);
      setNow(Math.floor(Date.now() / 1000));
      setChoosing(false);
    } catch (failure) {
      toast.show(t('staff.actionFailed', { reason: errorText(failure, t) }), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  if (paused) {
    const time = new Intl.DateTimeFormat(toIntlLocale(language), {
      timeZone: me.restaurant.time_zone,
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(until * 1000));
    return (
      <div className="staff-pause staff-pause--on" role="status">
        <strong>{t('staff.pause.until', { time })}</strong>
        <Button variant="secondary" loading={busy} onClick={() => void pause(0)}>
          {t('staff.pause.resume')}
        </Button>
      </div>
    );
  }
  return (
    <div className="staff-pause">
      {choosing ? (
        PAUSE_MINUTES.map((minutes) => (
          <Button
            key={minutes}
            variant="secondary"
            disabled={busy}
            aria-label={t('staff.pause.minutesLabel', { minutes })}
            onClick={() => void pause(minutes)}
          >
            {t('staff.pause.minutes', { minutes })}
          </Button>
        ))
      ) : (
        <Button variant="secondary" onClick={() => setChoosing(true)} aria-expanded={false}>
          {t('staff.pause.open')}
        </Button>
      )}
      {choosing ? (
        <Button variant="ghost" onClick={() => setChoosing(false)}>
          {t('staff.counter.close')}
        </Button>
      ) : null}
    </div>
  );
}

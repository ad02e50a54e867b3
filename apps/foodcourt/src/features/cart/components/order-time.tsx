import { useState } from 'react';
import { restaurants } from '@santap/api-client';
import type { OrderTypeCode } from '@santap/domain';
import { localDateAt } from '@santap/schedule';
import { Button, SchedulePopup, useUiTranslation } from '@santap/ui';
import type { ScheduleChoice, ScheduleDay, UiMessage } from '@santap/ui';
import { api } from '../../../lib/api';
import type { Outlet } from '../../../lib/api-types';
import { commonSlotDays } from '../../../lib/common-slots';
import type { FcSession } from '../../../lib/fc-session';
import { uiMessageOf } from '@santap/web';

export interface OrderTimeProps {
  session: FcSession;
  /** The outlets with lines in the cart: the slots offered are those every one of them offers. */
  outlets: readonly Outlet[];
  timeZone: string;
  onChange: (session: FcSession) => void;
}

/**
 * When the food-court order is wanted (spec §1, §4): as soon as possible, or a scheduled slot that
 * every outlet in the cart offers for the order type (each outlet's slots from the server, crossed).
 * A scheduled order is paid first; the server checks the slot again at each outlet.
 */
export function OrderTime({ session, outlets, timeZone, onChange }: OrderTimeProps) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<ScheduleDay[] | undefined>();
  const [error, setError] = useState<UiMessage | undefined>();

  const loadSlots = (orderType: OrderTypeCode) => {
    setDays(undefined);
    setError(undefined);
    Promise.all(
      outlets.map((outlet) =>
        api
          .call(restaurants.scheduleSlots, { query: { restaurant_id: outlet.restaurant_id, ot: orderType } })
          .then((reply) => reply.days),
      ),
    )
      .then((perOutlet) => {
        const common = commonSlotDays(perOutlet);
        setDays(common);
        if (common.every((day) => day.slots.length === 0)) setError('fc.schedule.none');
      })
      .catch((failure: unknown) => {
        setDays([]);
        setError(uiMessageOf(failure));
      });
  };

  const confirm = (choice: ScheduleChoice) => {
    setOpen(false);
    const { schedule: _dropped, ...rest } = session;
    onChange(choice.orderTime === 'SCHEDULED' ? { ...rest, schedule: choice.slot } : rest);
  };

  return (
    <div className="fc-order-time">
      <p>
        {session.schedule
          ? t('fc.schedule.at', { date: session.schedule.date, time: session.schedule.selectedTime })
          : t('fc.schedule.asap')}
      </p>
      <Button
        variant="ghost"
        icon="calendar"
        onClick={() => {
          setOpen(true);
          loadSlots(session.orderType);
        }}
      >
        {t('fc.schedule.change')}
      </Button>
      <SchedulePopup
        open={open}
        onClose={() => setOpen(false)}
        orderTypes={[session.orderType]}
        orderType={session.orderType}
        onOrderTypeChange={loadSlots}
        asapAvailable={outlets.every((outlet) => outlet.is_open)}
        days={days}
        today={localDateAt(new Date(), timeZone)}
        initial={{
          orderTime: session.schedule ? 'SCHEDULED' : 'ASAP',
          ...(session.schedule ? { epoch: session.schedule.epoch } : {}),
        }}
        onConfirm={confirm}
        {...(error ? { error } : {})}
      />
    </div>
  );
}

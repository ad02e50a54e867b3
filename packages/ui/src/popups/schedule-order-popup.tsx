import { useState } from 'react';
import { ORDER_TYPE, intlLocale } from '@santap/domain';
import type { OrderTypeCode } from '@santap/domain';
import type { TranslationKey } from '@santap/i18n';
import { messageText } from '../i18n/message';
import type { UiMessage } from '../i18n/message';
import { useUiTranslation } from '../i18n/translation';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { RadioGroup } from '../components/choice-group';
import { Dialog } from '../components/dialog';
import { Skeleton } from '../components/spinner';

/** A 30-minute slot, as the schedule slots endpoint returns it (restaurant-local date and start). */
export interface ScheduleSlot {
  date: string;
  time: string;
  /** Unix seconds of the start instant. */
  epoch: number;
  /** Display label 'HH:mm - HH:mm'. */
  selectedTime: string;
}

/** One day of slots (`date` is 'YYYY-MM-DD' in the restaurant's zone). */
export interface ScheduleDay {
  date: string;
  slots: readonly ScheduleSlot[];
}

/** What the diner confirmed. */
export type ScheduleChoice =
  | { orderType: OrderTypeCode; orderTime: 'ASAP' }
  | { orderType: OrderTypeCode; orderTime: 'SCHEDULED'; slot: ScheduleSlot };

/** Props of {@link SchedulePopup}. */
export interface SchedulePopupProps {
  open: boolean;
  onClose: () => void;
  /** The order types the restaurant offers here (tabs); from `allowedOrderTypes`. */
  orderTypes: readonly OrderTypeCode[];
  orderType: OrderTypeCode;
  /** The app loads that type's slots and passes them back as `days`. */
  onOrderTypeChange: (orderType: OrderTypeCode) => void;
  /** The restaurant takes orders for now (open); when false only scheduling is offered. */
  asapAvailable: boolean;
  /** Slots by day, from the server; `undefined` while loading. */
  days: readonly ScheduleDay[] | undefined;
  /** The restaurant's calendar date today ('YYYY-MM-DD'): labels 'Today' and 'Tomorrow'. */
  today: string;
  /** The current choice, to start from. */
  initial?: { orderTime: 'ASAP' | 'SCHEDULED'; epoch?: number };
  onConfirm: (choice: ScheduleChoice) => void;
  error?: UiMessage;
}

const TYPE_KEY: Record<OrderTypeCode, TranslationKey> = {
  [ORDER_TYPE.DINE_IN]: 'orderType.dineIn',
  [ORDER_TYPE.DELIVERY]: 'orderType.delivery',
  [ORDER_TYPE.PICKUP]: 'orderType.pickup',
};

/** The catalogue key of an order type's name ('Dine-in', 'Delivery', 'Pickup'). */
export function orderTypeLabelKey(orderType: OrderTypeCode): TranslationKey {
  return TYPE_KEY[orderType];
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * Order type and time (spec §3, §4, §5): order type tabs, ASAP or scheduled, then a day and a
 * 30-minute slot from the server's list. Changing the type asks the app for that type's slots.
 * Confirm without a slot says 'Please select a time slot'. Day names use the language's Intl locale
 * (`ms` for my) on the calendar date itself, so the restaurant's zone never shifts a day.
 */
export function SchedulePopup({
  open,
  onClose,
  orderTypes,
  orderType,
  onOrderTypeChange,
  asapAvailable,
  days,
  today,
  initial,
  onConfirm,
  error,
}: SchedulePopupProps) {
  const { t, language } = useUiTranslation();
  const [orderTime, setOrderTime] = useState<'ASAP' | 'SCHEDULED'>(
    initial?.orderTime ?? (asapAvailable ? 'ASAP' : 'SCHEDULED'),
  );
  const [epoch, setEpoch] = useState<number | undefined>(initial?.epoch);
  const [pickedDate, setPickedDate] = useState<string | undefined>();
  const [slotError, setSlotError] = useState<string | undefined>();

  const when = asapAvailable ? orderTime : 'SCHEDULED';
  const selectedSlot = days?.flatMap((day) => day.slots).find((slot) => slot.epoch === epoch);
  const date = pickedDate ?? selectedSlot?.date ?? days?.find((day) => day.slots.length > 0)?.date;
  const day = days?.find((candidate) => candidate.date === date);

  const dayLabel = (value: string) => {
    const name = new Intl.DateTimeFormat(intlLocale(language), {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }).format(new Date(`${value}T00:00:00Z`));
    if (value === today) return `${t('ui.schedule.today')}, ${name}`;
    if (value === addDays(today, 1)) return `${t('ui.schedule.tomorrow')}, ${name}`;
    return name;
  };

  const confirm = () => {
    if (when === 'ASAP') {
      onConfirm({ orderType, orderTime: 'ASAP' });
      return;
    }
    if (!selectedSlot) {
      setSlotError(t('ui.schedule.selectSlot'));
      return;
    }
    onConfirm({ orderType, orderTime: 'SCHEDULED', slot: selectedSlot });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('ui.schedule.title')}
      busy={when === 'SCHEDULED' && days === undefined}
      footer={
        <Button fullWidth onClick={confirm} disabled={when === 'SCHEDULED' && days === undefined}>
          {t('ui.common.confirm')}
        </Button>
      }
    >
      {error ? <Banner tone="error">{messageText(t, error)}</Banner> : null}
      <RadioGroup
        className="st-segmented"
        legend={t('ui.schedule.orderType')}
        options={orderTypes.map((type) => ({ value: String(type), label: t(TYPE_KEY[type]) }))}
        value={String(orderType)}
        onChange={(value) => {
          setEpoch(undefined);
          setPickedDate(undefined);
          onOrderTypeChange(Number(value) as OrderTypeCode);
        }}
      />
      <RadioGroup
        legend={t('ui.schedule.when')}
        options={[
          {
            value: 'ASAP',
            label: t('orderTime.asap'),
            description: asapAvailable ? t('ui.schedule.asapHint') : t('errors.restaurantClosed'),
            disabled: !asapAvailable,
          },
          { value: 'SCHEDULED', label: t('ui.schedule.later') },
        ]}
        value={when}
        onChange={(value) => setOrderTime(value)}
      />
      {when === 'SCHEDULED' ? (
        days === undefined ? (
          <div className="st-stack" aria-hidden="true">
            <Skeleton height="44px" />
            <Skeleton height="44px" />
            <Skeleton height="44px" />
          </div>
        ) : (
          <>
            <RadioGroup
              className="st-chips"
              legend={t('ui.schedule.day')}
              options={days.map((candidate) => ({
                value: candidate.date,
                label: dayLabel(candidate.date),
                disabled: candidate.slots.length === 0,
              }))}
              value={date}
              onChange={(value) => {
                setPickedDate(value);
                setEpoch(undefined);
              }}
            />
            {day && day.slots.length > 0 ? (
              <RadioGroup
                className="st-chips"
                legend={t('ui.schedule.time')}
                options={day.slots.map((slot) => ({ value: String(slot.epoch), label: slot.selectedTime }))}
                value={epoch === undefined ? undefined : String(epoch)}
                onChange={(value) => {
                  setEpoch(Number(value));
                  setSlotError(undefined);
                }}
                error={slotError}
              />
            ) : (
              <Banner tone="warning">{t('ui.schedule.noSlots')}</Banner>
            )}
          </>
        )
      ) : null}
    </Dialog>
  );
}

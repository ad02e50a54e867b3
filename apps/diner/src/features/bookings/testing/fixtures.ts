/** Tests only: a booking and an availability reply as the server sends them. */
import type { EndpointData, Reservation, reservations } from '@santap/api-client';

/** Kopitiam Ali, Sat 13 Jun 2026 19:30 KL (11:30Z), 4 guests, RM 20.00 deposit paid, waiting for staff. */
export function bookingFixture(overrides: Partial<Reservation> = {}): Reservation {
  return {
    reservation_id: 42,
    restaurant_id: 1001,
    nameid: 'kopitiam-ali',
    restaurant_name: 'Kopitiam Ali',
    time_zone: 'Asia/Kuala_Lumpur',
    date: '2026-06-13',
    slot: '19:30',
    starts_epoch: Date.parse('2026-06-13T11:30:00Z') / 1000,
    ends_epoch: Date.parse('2026-06-13T13:00:00Z') / 1000,
    guests: 4,
    smoking: false,
    table: null,
    contact_name: 'Siti Aminah',
    email: 'siti@example.com',
    contact_number: '+60123456789',
    special_request: null,
    occasion: 'Birthday',
    state: 'confirmation_pending',
    token_amount: 2000,
    currency: 'MYR',
    payment_status: 'paid',
    payment: {
      payment_id: 9,
      state: 'success',
      page_state: 'success',
      result: 1,
      amount: 2000,
      currency: 'MYR',
    },
    requested_change: null,
    reason: null,
    cut_off_epoch: Date.parse('2026-06-13T10:30:00Z') / 1000,
    can_modify: true,
    can_cancel: true,
    can_pay: false,
    order_id: null,
    created_epoch: Date.parse('2026-06-01T04:00:00Z') / 1000,
    ...overrides,
  };
}

type Availability = EndpointData<typeof reservations.checkAvailability>;

/** 18:00 free, 18:30 full, 19:00 and 19:30 free; RM 20.00 deposit; 60 minutes cut-off. */
export function availabilityFixture(overrides: Partial<Availability> = {}): Availability {
  const slot = (time: string, available: boolean) => ({
    slot: time,
    starts_epoch: Date.parse(`2026-06-13T${time}:00+08:00`) / 1000,
    available,
    tables_left: available ? 2 : 0,
  });
  return {
    restaurant_id: 1001,
    date: '2026-06-13',
    time_zone: 'Asia/Kuala_Lumpur',
    guests: 2,
    smoking: false,
    enabled: true,
    token_amount: 2000,
    currency: 'MYR',
    cut_off_minutes: 60,
    slot_minutes: 30,
    duration_minutes: 90,
    max_guests: 10,
    slots: [slot('18:00', true), slot('18:30', false), slot('19:00', true), slot('19:30', true)],
    requested: null,
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { allEndpoints } from './index';
import {
  checkAvailability,
  createReservation,
  requestModification,
  reservationPaymentId,
  staffDeclineReservation,
} from './reservations';

describe('reservations contract', () => {
  it('spec §7 reservations calls -> all registered on the reservation service', () => {
    const byPath = new Map(allEndpoints.map((e) => [e.path, e]));
    for (const path of [
      '/api/reservations/user',
      '/api/reservations/check-availability',
      '/api/reservations/create',
      '/api/reservations/request-modification',
      '/api/reservations/request-cancellation',
      '/api/reservations/fetch',
      '/api/reservations/payment-id',
      '/api/reservations/refund-status',
      '/api/staff/reservations',
      '/api/staff/reservations/:reservationId/confirm',
      '/api/staff/reservations/:reservationId/decline',
      '/api/staff/reservations/:reservationId/modification/accept',
      '/api/staff/reservations/:reservationId/modification/decline',
    ]) {
      expect(byPath.get(path)?.service, path).toBe('reservation');
    }
  });

  it("form strings -> guests and smoking coerced ('4', '1' -> 4, true); smoking defaults to false", () => {
    const body = { restaurant_id: '1001', date: '2030-01-05', guests: '4' };
    expect(checkAvailability.body!.parse({ ...body, smoking: '1' })).toMatchObject({
      restaurant_id: 1001,
      guests: 4,
      smoking: true,
    });
    expect(checkAvailability.body!.parse(body).smoking).toBe(false);
  });

  it('bad date, slot, guests or occasion -> refused', () => {
    const ok = {
      restaurant_id: 1001,
      date: '2030-01-05',
      slot: '19:30',
      guests: 2,
      contact_name: 'Siti Aminah',
      email: 'siti@example.com',
      contact_number: '0123456789',
      occasion: 'Birthday',
    };
    expect(createReservation.body!.safeParse(ok).success).toBe(true);
    for (const bad of [
      { date: '2030-13-01' },
      { slot: '24:00' },
      { slot: '7:30' },
      { guests: 0 },
      { occasion: 'Wedding' },
      { contact_name: 'Al' },
      { email: 'siti.example.com' },
    ]) {
      expect(createReservation.body!.safeParse({ ...ok, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('modification without any change -> refused; with a slot -> accepted', () => {
    expect(requestModification.body!.safeParse({ reservation_id: 1 }).success).toBe(false);
    expect(requestModification.body!.safeParse({ reservation_id: 1, slot: '20:00' }).success).toBe(true);
  });

  it('payment-id defaults -> Wallet, secure; staff decline without a body -> no reason', () => {
    expect(reservationPaymentId.body!.parse({ reservation_id: '7' })).toMatchObject({
      reservation_id: 7,
      method: 'Wallet',
      speed_mode: 'secure',
    });
    expect(staffDeclineReservation.body!.parse({})).toEqual({});
  });
});

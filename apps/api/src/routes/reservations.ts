import type { FastifyInstance } from 'fastify';
import { reservations as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { route } from '../http/route';
import { payReservation } from '../services/flows/bookings/payment';
import {
  checkAvailability,
  createReservation,
  fetchReservation,
  requestCancellation,
  requestModification,
  reservationRefundStatus,
  userReservations,
} from '../services/flows/bookings/service';
import {
  acceptModification,
  confirmReservation,
  declineModification,
  declineReservation,
  markNoShow,
  staffReservations,
} from '../services/flows/bookings/staff';

/** The reservations calls of `@santap/contract` (`reservations` module). */
export function registerReservationsRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.userReservations, ({ query }, caller) =>
    userReservations(ctx, caller, query.upcoming === '1'),
  );
  route(app, ctx, api.checkAvailability, ({ body }) => checkAvailability(ctx, body));
  route(app, ctx, api.createReservation, ({ body }, caller) => createReservation(ctx, caller, body));
  route(app, ctx, api.requestModification, ({ body }, caller) => requestModification(ctx, caller, body));
  route(app, ctx, api.requestCancellation, ({ body }, caller) => requestCancellation(ctx, caller, body));
  route(app, ctx, api.fetchReservation, ({ query }, caller) =>
    fetchReservation(ctx, caller, query.reservation_id),
  );
  route(app, ctx, api.reservationPaymentId, ({ body }, caller) => payReservation(ctx, caller, body));
  route(app, ctx, api.reservationRefundStatus, ({ query }, caller) =>
    reservationRefundStatus(ctx, caller, query.reservation_id),
  );

  route(app, ctx, api.staffReservations, ({ query }, caller) => staffReservations(ctx, caller, query));
  route(app, ctx, api.staffConfirmReservation, ({ params }, caller) =>
    confirmReservation(ctx, caller, params.reservationId),
  );
  route(app, ctx, api.staffDeclineReservation, ({ params, body }, caller) =>
    declineReservation(ctx, caller, params.reservationId, body.reason),
  );
  route(app, ctx, api.staffAcceptModification, ({ params }, caller) =>
    acceptModification(ctx, caller, params.reservationId),
  );
  route(app, ctx, api.staffDeclineModification, ({ params, body }, caller) =>
    declineModification(ctx, caller, params.reservationId, body.reason),
  );
  route(app, ctx, api.staffNoShow, ({ params }, caller) => markNoShow(ctx, caller, params.reservationId));
}

import type { FastifyInstance } from 'fastify';
import { tableRequests as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { route } from '../http/route';
import {
  acknowledgeTableRequest,
  createTableRequest,
  orderTableRequests,
  staffTableRequests,
} from '../services/flows/ordering/table-requests';

/** Call a waiter / request the bill (services/flows/ordering/table-requests.ts): the diner's calls and the staff's. */
export function registerTableRequestRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.tableRequestCreate, ({ body }, caller, request) =>
    createTableRequest(ctx, caller, request, body.order_id, body.kind),
  );
  route(app, ctx, api.orderTableRequests, ({ query }, caller) =>
    orderTableRequests(ctx, caller, query.order_id),
  );
  route(app, ctx, api.staffTableRequests, (_, caller) => staffTableRequests(ctx, caller));
  route(app, ctx, api.staffAcknowledgeTableRequest, ({ params }, caller) =>
    acknowledgeTableRequest(ctx, caller, params.requestId),
  );
}

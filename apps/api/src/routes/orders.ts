import type { FastifyInstance } from 'fastify';
import { orders as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { route } from '../http/route';
import { cancelOrder, createOrder } from '../services/flows/ordering/orders';
import { presentedTableTicket } from '../services/flows/tables/tickets';
import { tableUnpaidOrders } from '../services/flows/payments/table-orders';
import {
  changeTable,
  foodCourtOrderView,
  orderDetail,
  orderHistory,
  runningOrderViews,
  runningOrdersElsewhere,
  upcomingScheduledOrders,
} from '../services/flows/ordering/orders/queries';

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  // A dine-in order needs the ticket of its table's scan (services/flows/tables/tickets.ts).
  route(app, ctx, api.orderCreate, ({ body }, caller, request) =>
    createOrder(ctx, caller, body, 'any', presentedTableTicket(request)),
  );
  route(app, ctx, api.foodCourtOrderCreate, ({ body }, caller, request) =>
    createOrder(ctx, caller, body, 'foodcourt', presentedTableTicket(request)),
  );
  route(app, ctx, api.scheduleOrderCreate, ({ body }, caller, request) =>
    createOrder(ctx, caller, body, 'scheduled', presentedTableTicket(request)),
  );
  route(app, ctx, api.scheduleOrdersGet, (_input, caller) => upcomingScheduledOrders(ctx, caller));
  route(app, ctx, api.orderDetails, ({ query }, caller) => orderDetail(ctx, caller, query.order_id));
  route(app, ctx, api.orderCancel, ({ body }, caller) => cancelOrder(ctx, caller, body.order_id));
  route(app, ctx, api.ordersByTable, ({ query }, caller) =>
    runningOrderViews(ctx, caller, { restaurantId: query.restaurant_id, tableId: query.table_id }),
  );
  route(app, ctx, api.ordersGet, (_input, caller) => runningOrderViews(ctx, caller));
  route(app, ctx, api.ordersList, ({ query }, caller) => orderHistory(ctx, caller, query));
  route(app, ctx, api.foodCourtOrders, ({ query }, caller) =>
    foodCourtOrderView(ctx, caller, query.fc_order_id),
  );
  route(app, ctx, api.matchRunningOrders, ({ body }, caller) =>
    runningOrdersElsewhere(ctx, caller, body.scope),
  );
  route(app, ctx, api.tableOrders, ({ query }, caller) => tableUnpaidOrders(ctx, caller, query.order_id));
  route(app, ctx, api.userTableUpdate, ({ body }, caller, request) =>
    changeTable(ctx, caller, body.order_id, body.table_id, presentedTableTicket(request)),
  );
}

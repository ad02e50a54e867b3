import type { FastifyInstance } from 'fastify';
import { staff as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { withLoginLimits } from '../http/login-limits';
import { route } from '../http/route';
import {
  changeOrderStatus,
  declineOrderItem,
  markOrderKitchen,
  pauseOrders,
  refundOrder,
} from '../services/flows/staff/order-moves';
import { staffOrders } from '../services/flows/staff/orders';
import { staffLogin } from '../services/flows/staff/staff';
import { mustBeManager, setManagerPin } from '../services/flows/accounts/approval';
import {
  createStaffAccount,
  listStaffAccounts,
  staffLogout,
  staffMe,
  updateStaffAccount,
} from '../services/flows/staff/accounts';
import { importMenu } from '../services/flows/staff/menu-import';
import { setItemStock, staffMenu, updateMenuItem } from '../services/flows/staff/menu';

export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.staffLogin, ({ body }, _caller, request) =>
    withLoginLimits(ctx, request, body.username.trim().toLowerCase(), () =>
      staffLogin(ctx, body.username, body.password),
    ),
  );
  route(app, ctx, api.staffLogout, (_, caller) => staffLogout(ctx, caller));
  route(app, ctx, api.staffMe, (_, caller) => staffMe(ctx, caller));
  route(app, ctx, api.staffAccounts, (_, caller) => listStaffAccounts(ctx, caller));
  route(app, ctx, api.staffCreateAccount, ({ body }, caller) => createStaffAccount(ctx, caller, body));
  route(app, ctx, api.staffUpdateAccount, ({ params, body }, caller) =>
    updateStaffAccount(ctx, caller, params.staffId, body),
  );
  route(app, ctx, api.staffMenu, (_, caller) => staffMenu(ctx, caller));
  route(app, ctx, api.staffMenuImport, ({ body }, caller) => importMenu(ctx, caller, body));
  route(app, ctx, api.staffUpdateItem, ({ params, body }, caller) =>
    updateMenuItem(ctx, caller, params.itemId, body),
  );
  route(app, ctx, api.staffItemStock, ({ params, body }, caller) =>
    setItemStock(ctx, caller, params.itemId, body),
  );
  route(app, ctx, api.staffOrders, ({ query }, caller) =>
    staffOrders(ctx, caller, query.running === '1', {
      cursor: query.cursor,
      limit: query.limit,
      orderId: query.order_id,
    }),
  );
  route(app, ctx, api.staffOrderStatus, ({ params, body }, caller, request) =>
    changeOrderStatus(ctx, caller, params.orderId, body.status, { request, approval: body.approval }),
  );
  route(app, ctx, api.staffPauseOrders, ({ body }, caller) => pauseOrders(ctx, caller, body.minutes));
  route(app, ctx, api.staffDeclineItem, ({ params }, caller) =>
    declineOrderItem(ctx, caller, params.orderId, params.orderItemId),
  );
  route(app, ctx, api.staffOrderKitchen, ({ params, body }, caller) =>
    markOrderKitchen(ctx, caller, params.orderId, body),
  );
  route(app, ctx, api.staffRefundOrder, ({ params, body }, caller, request) =>
    refundOrder(ctx, caller, request, params.orderId, body),
  );
  route(app, ctx, api.staffSetPin, ({ body }, caller, request) => {
    mustBeManager(caller);
    return withLoginLimits(ctx, request, caller.staff!.username.trim().toLowerCase(), () =>
      setManagerPin(ctx, caller, body),
    );
  });
}

/**
 * A table's tab (apps/api docs/tabs.md; contract `tabs`): thin handlers over `services/flows/tabs/`.
 * The table's ticket (a scan of its QR) rides as the `table-ticket` header or cookie, as for ordering.
 */
import type { FastifyInstance } from 'fastify';
import { tabs as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { route } from '../http/route';
import { presentedTableTicket } from '../services/flows/tables/tickets';
import {
  askToJoinTab,
  joinTab,
  setMe,
  tabAtTable,
  tabGet,
  tabOfOrder,
} from '../services/flows/tabs/membership';
import { admitToTab, closeTab, staffTabs } from '../services/flows/tabs/staff';
import { cancelShare, payShare, quoteShare, shareReceipt } from '../services/flows/tabs/shares';
import { takeTabAtCounter } from '../services/flows/tabs/cash';

export function registerTabRoutes(app: FastifyInstance, ctx: AppContext) {
  // ---- Members: reading, joining, their name (flows/tabs/membership.ts)
  route(app, ctx, api.tabOfOrder, ({ query }, caller) => tabOfOrder(ctx, caller, query.order_id));
  route(app, ctx, api.tabAtTable, ({ query }, caller, request) =>
    tabAtTable(ctx, caller, presentedTableTicket(request), query.restaurant_id, query.table_id),
  );
  route(app, ctx, api.tabGet, ({ params }, caller) => tabGet(ctx, caller, params.tabId));
  route(app, ctx, api.tabJoin, ({ body }, caller, request) =>
    joinTab(ctx, caller, request, presentedTableTicket(request), body),
  );
  route(app, ctx, api.tabAskToJoin, ({ body }, caller, request) =>
    askToJoinTab(ctx, caller, request, presentedTableTicket(request), body),
  );
  route(app, ctx, api.tabSetMe, ({ params, body }, caller) => setMe(ctx, caller, params.tabId, body));

  // ---- Shares: quote, pay, cancel, receipt, the counter's (flows/tabs/shares.ts, cash.ts)
  route(app, ctx, api.tabQuote, ({ params, body }, caller) => quoteShare(ctx, caller, params.tabId, body));
  route(app, ctx, api.tabPayShare, ({ params, body }, caller) => payShare(ctx, caller, params.tabId, body));
  route(app, ctx, api.tabCancelShare, ({ params }, caller) =>
    cancelShare(ctx, caller, params.tabId, params.shareId),
  );
  route(app, ctx, api.tabShareReceipt, ({ params }, caller) =>
    shareReceipt(ctx, caller, params.tabId, params.shareId),
  );
  route(app, ctx, api.staffTabCash, ({ params, body }, caller) =>
    takeTabAtCounter(ctx, caller, params.tabId, body),
  );

  // ---- Staff: the board's tabs, letting in, clearing the table (flows/tabs/staff.ts)
  route(app, ctx, api.staffTabs, (_, caller) => staffTabs(ctx, caller));
  route(app, ctx, api.staffTabAdmit, ({ params }, caller) =>
    admitToTab(ctx, caller, params.tabId, params.memberId),
  );
  route(app, ctx, api.staffTabClose, ({ params, body }, caller, request) =>
    closeTab(ctx, caller, params.tabId, body.force, { request, approval: body.approval }),
  );
}

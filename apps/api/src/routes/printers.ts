/** The restaurant's printers, their jobs, reprints and the tablet printer's poll: thin staff routes (docs/printing.md). */
import type { FastifyInstance } from 'fastify';
import { staff as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { route } from '../http/route';
import {
  createPrinter,
  deletePrinter,
  listPrinters,
  updatePrinter,
} from '../services/products/printing/admin';
import { listPrintJobs, reprintOrder } from '../services/products/printing/jobs';
import { tabletJobDone, tabletNextJob } from '../services/products/printing/tablet';

export function registerPrinterRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.staffPrinters, (_, caller) => listPrinters(ctx, caller));
  route(app, ctx, api.staffCreatePrinter, ({ body }, caller) => createPrinter(ctx, caller, body));
  route(app, ctx, api.staffUpdatePrinter, ({ params, body }, caller) =>
    updatePrinter(ctx, caller, params.printerId, body),
  );
  route(app, ctx, api.staffDeletePrinter, ({ params }, caller) =>
    deletePrinter(ctx, caller, params.printerId),
  );
  route(app, ctx, api.staffPrintJobs, ({ query }, caller) =>
    listPrintJobs(ctx, caller, { orderId: query.order_id, status: query.status }),
  );
  route(app, ctx, api.staffReprint, ({ params, body }, caller) =>
    reprintOrder(ctx, caller, params.orderId, body),
  );
  route(app, ctx, api.staffTabletNextJob, ({ params, body }, caller) =>
    tabletNextJob(ctx, caller, params.printerId, body.state),
  );
  route(app, ctx, api.staffTabletJobDone, ({ params, body }, caller) =>
    tabletJobDone(ctx, caller, params.printerId, params.jobId, body.result),
  );
}

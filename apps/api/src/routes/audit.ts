/** The manager's audit trail (apps/api docs/audit.md; contract `audit`): thin handlers over `flows/staff/audit.ts`. */
import type { FastifyInstance } from 'fastify';
import { audit as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { route } from '../http/route';
import { auditExceptions, listAudit } from '../services/flows/staff/audit';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, ctx, api.staffAudit, ({ query }, caller) => listAudit(ctx, caller, query));
  route(app, ctx, api.staffAuditExceptions, ({ query }, caller) => auditExceptions(ctx, caller, query.date));
}

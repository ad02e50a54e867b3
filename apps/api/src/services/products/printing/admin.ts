/**
 * A restaurant's printers as staff manage them (apps/api docs/printing.md, "Who may do what"): every
 * role reads them with their states and queues; only the manager adds, changes, rotates the credential
 * of and deletes one. Another restaurant's printer is not found. A deleted printer's credential stops at
 * once and its unfinished jobs are kept as failed (listed by the jobs list).
 */
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { staff as api } from '@santap/contract';
import type { EndpointParsed, StaffPrinter } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { printJobs, printers, restaurants } from '../../../db/schema';
import { KITCHEN_DEFAULTS } from '../../../db/settings';
import type { AppContext } from '../../context';
import { staffOf } from '../../../lib/caller';
import type { Caller, CallerStaff } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { isCloudPrinter, loadRestaurantPrinter, printsOf } from '../../model/printers';
import type { PrinterRow } from '../../model/printers';
import { settingsOf } from '../../model/restaurants';
import { credentialHashes, newCredential } from './credentials';
import { failOpenJobs, FAILURE } from './queue';
import { currentLogPosition } from './spooler';
import { stateView } from './states';
import { changedFields, recordAudit } from '../../model/audit';

/** What the audit trail keeps of a printer's settings (never its credential). */
const auditedPrinter = (row: PrinterRow) => ({
  name: row.name,
  station: row.station,
  connection: row.connection,
  command_set: row.commandSet,
  paper_width: row.paperWidth,
  language: row.language,
  prints: row.prints,
  copies: row.copies,
  printer_only: row.printerOnly,
});

type CreateBody = EndpointParsed<typeof api.staffCreatePrinter>['body'];
type UpdateBody = EndpointParsed<typeof api.staffUpdatePrinter>['body'];

/** Where each cloud protocol's printers poll (the path after the server's public URL). */
export const POLL_PATHS = { cloudprnt: '/api/printers/cloudprnt', epson_sdp: '/api/printers/epson' } as const;

/** The manager calling, or 403. */
function managerOf(caller: Caller): CallerStaff {
  const member = staffOf(caller);
  return member.role === 'manager' ? member : fail(MESSAGE.forbidden);
}

/** The staff view of a printer (never its credential's hashes). */
export function printerView(
  ctx: AppContext,
  row: PrinterRow,
  counts: { queued: number; failed: number },
): StaffPrinter {
  const pollPath =
    row.connection === 'cloudprnt' || row.connection === 'epson_sdp' ? POLL_PATHS[row.connection] : null;
  return {
    printer_id: row.id,
    name: row.name,
    station: row.station,
    connection: row.connection as StaffPrinter['connection'],
    command_set: row.commandSet === 'star-prnt' ? 'star-prnt' : 'esc-pos',
    paper_width: row.paperWidth === 58 ? 58 : 80,
    language: row.language as StaffPrinter['language'],
    prints: printsOf(row),
    copies: row.copies,
    printer_only: row.printerOnly,
    ...stateView(row, ctx.now()),
    queued_jobs: counts.queued,
    failed_jobs: counts.failed,
    poll_url: pollPath ? `${ctx.config.publicUrl.replace(/\/$/, '')}${pollPath}` : null,
    username: row.username,
  };
}

/** Jobs waiting (queued or handed out) and failed, per printer. */
async function countsOf(ctx: AppContext, ids: number[]) {
  const counts = new Map<number, { queued: number; failed: number }>();
  for (const id of ids) counts.set(id, { queued: 0, failed: 0 });
  if (ids.length === 0) return counts;
  const rows = await ctx.db
    .select({ printerId: printJobs.printerId, status: printJobs.status, n: count() })
    .from(printJobs)
    .where(and(inArray(printJobs.printerId, ids), inArray(printJobs.status, ['queued', 'sent', 'failed'])))
    .groupBy(printJobs.printerId, printJobs.status);
  for (const row of rows) {
    const entry = counts.get(row.printerId)!;
    if (row.status === 'failed') entry.failed += Number(row.n);
    else entry.queued += Number(row.n);
  }
  return counts;
}

async function viewsOf(ctx: AppContext, rows: PrinterRow[]) {
  const counts = await countsOf(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => printerView(ctx, row, counts.get(row.id)!));
}

/** The restaurant's printers (every staff role: their states raise the board's alarm). */
export async function listPrinters(ctx: AppContext, caller: Caller) {
  const member = staffOf(caller);
  const rows = await ctx.db
    .select()
    .from(printers)
    .where(and(eq(printers.restaurantId, member.restaurantId), isNull(printers.deletedAt)))
    .orderBy(asc(printers.id));
  return { printers: await viewsOf(ctx, rows) };
}

/** A station name must be one of the restaurant's kitchen stations (400 otherwise). */
async function checkStation(ctx: AppContext, restaurantId: number, station: string | null | undefined) {
  if (station === null || station === undefined) return;
  const [restaurant] = await ctx.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  const stations = restaurant ? (settingsOf(restaurant).kitchen ?? KITCHEN_DEFAULTS).stations : [];
  if (!stations.some((candidate) => candidate.name === station))
    fail(MESSAGE.invalidInput, {}, [
      { part: 'body', path: 'station', message: 'Not a kitchen station of this restaurant' },
    ]);
}

/** The command set stored for a printer: a cloud protocol's own, else the tablet's choice. */
function commandSetFor(connection: string, asked: string | undefined): 'esc-pos' | 'star-prnt' {
  if (connection === 'cloudprnt') return 'star-prnt';
  if (connection === 'epson_sdp') return 'esc-pos';
  return asked === 'star-prnt' ? 'star-prnt' : 'esc-pos';
}

/**
 * A manager adds a printer. A cloud printer gets a user name and password (the password in this reply
 * only); it prints what the restaurant's orders make due from now on.
 */
export async function createPrinter(ctx: AppContext, caller: Caller, body: CreateBody) {
  const member = managerOf(caller);
  await checkStation(ctx, member.restaurantId, body.station);
  const credential = isCloudPrinter(body) ? newCredential(member.restaurantId) : null;
  const hashes = credential ? await credentialHashes(body.connection, credential) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const start = await currentLogPosition(tx);
    const now = ctx.now();
    const [created] = await tx
      .insert(printers)
      .values({
        restaurantId: member.restaurantId,
        name: body.name,
        station: body.station,
        connection: body.connection,
        commandSet: commandSetFor(body.connection, body.command_set),
        paperWidth: body.paper_width,
        language: body.language,
        prints: [...new Set(body.prints)],
        copies: body.copies,
        printerOnly: body.printer_only,
        username: credential?.username ?? null,
        passwordHash: hashes?.passwordHash ?? null,
        digestHa1: hashes?.digestHa1 ?? null,
        state: 'offline',
        stateAt: now,
        cursorTx: start.tx,
        cursorEventId: start.id,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, {
      by: caller,
      at: now,
      action: 'printer.change',
      subject: ['printer', created!.id],
      before: null,
      after: auditedPrinter(created!),
    });
    // Every board lists it at once (offline until its first poll).
    await ctx.events.publish(tx, {
      topics: [`restaurant:${member.restaurantId}`],
      type: 'printer.state',
      data: { printer_id: created!.id, state: 'offline', since_epoch: Math.floor(now.getTime() / 1000) },
    });
    return created!;
  });
  return { printer: printerView(ctx, row, { queued: 0, failed: 0 }), password: credential?.password ?? null };
}

/**
 * A manager changes a printer's settings, or rotates a cloud printer's credential (`rotate_password`:
 * a new password at once, shown in this reply only; the old one is refused from the next request).
 */
export async function updatePrinter(ctx: AppContext, caller: Caller, printerId: number, body: UpdateBody) {
  const member = managerOf(caller);
  const current = await loadRestaurantPrinter(ctx.db, member.restaurantId, printerId);
  // A station the kitchen has since dropped may stay (the printer then prints every dish): the form
  // sends it back with any other change. Only a station newly chosen must be one of the kitchen's.
  if (body.station !== current.station) await checkStation(ctx, member.restaurantId, body.station);
  const credential =
    body.rotate_password === true && isCloudPrinter(current) && current.username
      ? { username: current.username, password: newCredential(member.restaurantId).password }
      : null;
  const hashes = credential ? await credentialHashes(current.connection, credential) : null;
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await loadRestaurantPrinter(tx, member.restaurantId, printerId, true);
    const [updated] = await tx
      .update(printers)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.station !== undefined ? { station: body.station } : {}),
        ...(body.command_set !== undefined
          ? { commandSet: commandSetFor(current.connection, body.command_set) }
          : {}),
        ...(body.paper_width !== undefined ? { paperWidth: body.paper_width } : {}),
        ...(body.language !== undefined ? { language: body.language } : {}),
        ...(body.prints !== undefined ? { prints: [...new Set(body.prints)] } : {}),
        ...(body.copies !== undefined ? { copies: body.copies } : {}),
        ...(body.printer_only !== undefined ? { printerOnly: body.printer_only } : {}),
        ...(hashes ? { passwordHash: hashes.passwordHash, digestHa1: hashes.digestHa1 } : {}),
      })
      .where(eq(printers.id, printerId))
      .returning();
    const change = changedFields(auditedPrinter(locked), auditedPrinter(updated!));
    if (hashes) Object.assign(change.after, { password: 'rotated' });
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'printer.change',
      subject: ['printer', printerId],
      ...change,
    });
    return updated!;
  });
  const [view] = await viewsOf(ctx, [row]);
  return { printer: view!, password: credential?.password ?? null };
}

/**
 * A manager deletes a printer: its credential is cleared (refused from the next request), its
 * unfinished jobs fail with `printing.failure.printerDeleted` and stay in the jobs list.
 */
export async function deletePrinter(ctx: AppContext, caller: Caller, printerId: number) {
  const member = managerOf(caller);
  await ctx.db.transaction(async (tx) => {
    const row = await loadRestaurantPrinter(tx, member.restaurantId, printerId, true);
    await tx
      .update(printers)
      .set({ deletedAt: ctx.now(), username: null, passwordHash: null, digestHa1: null })
      .where(eq(printers.id, row.id));
    await failOpenJobs(ctx, tx, row, FAILURE.printerDeleted);
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'printer.change',
      subject: ['printer', row.id],
      before: auditedPrinter(row),
      after: { deleted: true },
    });
  });
  return { deleted: true };
}

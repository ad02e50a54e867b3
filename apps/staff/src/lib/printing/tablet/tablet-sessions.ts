import { staff } from '@santap/api-client';
import { api } from '../../api';
import { rememberDevice, rememberedDevice } from '../remembered-devices';
import type { StaffPrinter } from '../types';
import { TabletPrintLoop } from './tablet-loop';
import type { TabletLoopStatus } from './tablet-loop';
import { tabletSupported } from './tablet-device';
import type { TabletConnection, TabletDevice, TabletDeviceFactory } from './tablet-device';

/** What the panel shows of one tablet printer on this device. */
export interface TabletSessionView {
  phase: 'idle' | 'connecting' | 'failed' | TabletLoopStatus['phase'];
  /** Maker and model of the opened device; null: not known. */
  device: string | null;
  printed: number;
  problem: unknown;
}

interface Session {
  view: TabletSessionView;
  loop: TabletPrintLoop | null;
  device: TabletDevice | null;
}

const IDLE: TabletSessionView = { phase: 'idle', device: null, printed: 0, problem: null };

/**
 * The tablet printers this device prints for, kept at module level: the loops go on while the staff
 * move between screens, for as long as the console is open in this tab.
 */
const sessions = new Map<number, Session>();
const listeners = new Set<() => void>();
/** The real drivers, loaded when a printer is first opened (a test never loads them). */
let deviceFactory: TabletDeviceFactory = async (connection) =>
  (await import('./driver-device')).openDriverDevice(connection);

/** Tests give a fake device; returns the previous factory. */
export function setTabletDeviceFactory(factory: TabletDeviceFactory): TabletDeviceFactory {
  const previous = deviceFactory;
  deviceFactory = factory;
  return previous;
}

export function subscribeTabletSessions(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The printer's session as shown (one object per change, for `useSyncExternalStore`). */
export function tabletSessionView(printerId: number): TabletSessionView {
  return sessions.get(printerId)?.view ?? IDLE;
}

function update(printerId: number, patch: Partial<Session>, view: Partial<TabletSessionView> = {}) {
  const current = sessions.get(printerId) ?? { view: IDLE, loop: null, device: null };
  sessions.set(printerId, { ...current, ...patch, view: { ...current.view, ...view } });
  for (const listener of listeners) listener();
}

/** The server's queue of one tablet printer. */
const queueOf = (printerId: number) => ({
  next: async (state: StaffPrinter['state']) =>
    (await api.call(staff.staffTabletNextJob, { params: { printerId }, body: { state } })).job,
  done: (jobId: number, result: 'printed' | 'failed') =>
    api.call(staff.staffTabletJobDone, { params: { printerId, jobId }, body: { result } }),
});

async function start(
  printer: Pick<StaffPrinter, 'printer_id' | 'connection'>,
  open: (device: TabletDevice) => ReturnType<TabletDevice['connect']>,
): Promise<boolean> {
  const id = printer.printer_id;
  const running = sessions.get(id);
  if (running?.loop || running?.view.phase === 'connecting') return running.loop !== null;
  update(id, {}, { phase: 'connecting', problem: null });
  let device: TabletDevice;
  let opened: Awaited<ReturnType<TabletDevice['connect']>>;
  try {
    device = await deviceFactory(printer.connection as TabletConnection);
    opened = await open(device);
  } catch (error) {
    update(id, {}, { phase: 'failed', problem: error });
    return false;
  }
  if (!opened) {
    update(id, {}, { phase: 'failed' });
    return false;
  }
  rememberDevice(id, opened);
  const loop = new TabletPrintLoop({
    device,
    opened,
    queue: queueOf(id),
    onStatus: (status) => update(id, {}, status),
  });
  update(id, { loop, device }, { phase: 'ready', device: opened.label, printed: 0, problem: null });
  void loop.run().then(() => {
    if (sessions.get(id)?.loop === loop) update(id, { loop: null });
  });
  return true;
}

/** Connects the printer attached to this tablet (call it in a tap: the browser asks which device). */
export function connectTabletPrinter(printer: Pick<StaffPrinter, 'printer_id' | 'connection'>) {
  return start(printer, (device) => device.connect());
}

/**
 * Opens again, with no tap, the devices this tablet printed on before (a reload, the board opened
 * again), for the tablet printers given; those not there stay idle until connected.
 */
export async function resumeTabletPrinters(
  printers: readonly Pick<StaffPrinter, 'printer_id' | 'connection'>[],
) {
  for (const printer of printers) {
    const remembered = rememberedDevice(printer.printer_id);
    if (!remembered || remembered.connection !== printer.connection || !tabletSupported(printer.connection))
      continue;
    if (sessions.get(printer.printer_id)?.loop) continue;
    await start(printer, (device) => device.reconnect(remembered));
  }
}

/** Stops printing for this printer here and forgets its device (the next time needs a tap). */
export async function disconnectTabletPrinter(printerId: number) {
  const session = sessions.get(printerId);
  rememberDevice(printerId, null);
  session?.loop?.stop();
  update(printerId, { loop: null, device: null }, IDLE);
  try {
    await session?.device?.disconnect();
  } catch {
    // Already gone.
  }
}

/** A print job was made (a live `print.job` event): every loop asks now. */
export function wakeTabletPrinters() {
  for (const session of sessions.values()) session.loop?.wake();
}

/** Stops every loop (tests, and a console that logs out). */
export function stopTabletPrinters() {
  for (const session of sessions.values()) session.loop?.stop();
  sessions.clear();
  for (const listener of listeners) listener();
}

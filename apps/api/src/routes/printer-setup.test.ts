/**
 * An owner setting up and living with printers (apps/api docs/printing.md, "What prints when"): the
 * kitchen's stations change after a printer was set up for one of them. The printer keeps printing
 * (every dish, since its station is gone) and its other settings can still be changed; only choosing
 * a station the kitchen does not have is refused, in the owner's language, with nothing saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { staff } from '@santap/contract';
import { MESSAGE } from '@santap/domain';
import { createTranslator } from '@santap/i18n';
import { printers, restaurants } from '../db/schema';
import { ENGINES, startTestServer } from '../../test/harness';
import type { TestServer } from '../../test/harness';
import { refusal } from '../../test/refusal';
import { addPrinter, kitchenPrinter, staffClient } from '../../test/printing-kit';

describe.each(ENGINES)('printer set-up on %s', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(engine);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('a station removed from the kitchen settings -> its printer can still be renamed; a station that never was -> 400, nothing saved', async () => {
    const manager = await staffClient(server, 'kopitiam-ali-manager', 'id');
    const db = server.db.database.db;
    const [row] = await db.select().from(restaurants).where(eq(restaurants.id, 1001));
    const withStations = (names: string[]) =>
      db
        .update(restaurants)
        .set({
          settings: {
            ...(row!.settings as Record<string, unknown>),
            kitchen: { stations: names.map((name) => ({ name, categoryIds: [] })) },
          },
        })
        .where(eq(restaurants.id, 1001));
    try {
      await withStations(['Bar', 'Wok']);
      const { id, printer } = await addPrinter(
        server,
        manager,
        kitchenPrinter('cloudprnt', { name: 'Bar printer', station: 'Bar' }),
      );
      // The kitchen drops its bar station; the staff console's form sends the printer's settings back
      // as they are, station included, with the one change the owner made.
      await withStations(['Wok']);
      const { connection: _fixed, ...settings } = kitchenPrinter('cloudprnt', {
        name: printer.name,
        station: printer.station,
      });
      const renamed = await manager.call(staff.staffUpdatePrinter, {
        params: { printerId: id },
        body: { ...settings, name: 'Drinks printer' },
      });
      expect(renamed.printer).toMatchObject({ name: 'Drinks printer', station: 'Bar' });

      // Choosing a station the kitchen does not have: refused in the owner's language, nothing saved.
      const refused = await refusal(
        manager.call(staff.staffUpdatePrinter, {
          params: { printerId: id },
          body: { ...settings, name: 'Pastry printer', station: 'Pastry' },
        }),
      );
      expect(refused).toMatchObject({
        statusCode: 400,
        code: MESSAGE.invalidInput,
        message: createTranslator('id')(MESSAGE.invalidInput),
      });
      const [kept] = await db.select().from(printers).where(eq(printers.id, id));
      expect([kept!.name, kept!.station]).toEqual(['Drinks printer', 'Bar']);
    } finally {
      await db.update(restaurants).set({ settings: row!.settings }).where(eq(restaurants.id, 1001));
    }
  });
});

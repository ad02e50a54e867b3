/**
 * Menu import for onboarding (contract `staff.menuImport`): CSV or JSON rows checked one by one, every
 * wrong line reported with its number, then all applied in one menu publish (`publishMenuChange`) or
 * nothing. A category is matched by its English name (created when new); a dish by its English name
 * (updated when found, added otherwise).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { staff } from '@santap/contract';
import { MESSAGE, ORDER_TYPE, maskOf, parseMoneyInput } from '@santap/domain';
import type { Currency, OrderTypeCode } from '@santap/domain';
import { menuCategories, menuItems } from '../../../db/schema';
import type { AppContext } from '../../context';
import type { Caller } from '../../../lib/caller';
import { fail } from '../../../lib/errors';
import { loadRestaurant } from '../../model/restaurants';
import { publishMenuChange } from './menu';
import { recordAudit } from '../../model/audit';

export interface ImportRow {
  line: number;
  category: string;
  names: { en: string; id: string; my: string };
  price: number;
  orderTypes: OrderTypeCode[];
}
export interface RowError {
  line: number;
  error: staff.MenuImportError;
}
const { MENU_IMPORT_MAX_ROWS, MENU_NAME_MAX, MENU_PRICE_MAX } = staff;

const CATEGORY_MAX = 80;
const COLUMNS = ['category', 'name_en', 'name_id', 'name_my', 'price'] as const;
const TYPE_WORDS: Record<string, OrderTypeCode> = {
  '1': ORDER_TYPE.DINE_IN,
  'dine-in': ORDER_TYPE.DINE_IN,
  dinein: ORDER_TYPE.DINE_IN,
  '2': ORDER_TYPE.DELIVERY,
  delivery: ORDER_TYPE.DELIVERY,
  '3': ORDER_TYPE.PICKUP,
  pickup: ORDER_TYPE.PICKUP,
  takeaway: ORDER_TYPE.PICKUP,
};

/** CSV records (RFC 4180 quotes, `""` inside quotes) with the line each starts on. */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const end = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      end();
      line++;
      start = line;
    } else cell += char;
  }
  end();
  return records;
}

/** A row's price (text or a JSON number) in minor units, within the editor's bounds. */
function parsePrice(value: unknown, currency: Currency): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const minor = parseMoneyInput(String(value), currency);
  return minor !== null && minor > 0 && minor <= MENU_PRICE_MAX ? minor : null;
}

function parseTypes(value: unknown): OrderTypeCode[] | null {
  if (value === undefined || value === null || value === '') return [1, 2, 3];
  const words = Array.isArray(value) ? value.map(String) : String(value).split(/[|;/]/);
  const types = words.map((word) => TYPE_WORDS[word.trim().toLowerCase()]);
  if (types.length === 0 || types.some((type) => type === undefined)) return null;
  const unique = [...new Set(types as OrderTypeCode[])];
  return unique.length === types.length ? unique.sort() : null;
}

/** One entry's fields checked; the first wrong field is the line's error. */
function checkRow(line: number, fields: Record<string, unknown>, currency: Currency): ImportRow | RowError {
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string).trim() : '');
  const category = text('category');
  if (!category || category.length > CATEGORY_MAX) return { line, error: 'category' };
  const names = { en: text('name_en'), id: text('name_id'), my: text('name_my') };
  const long = (name: string) => !name || name.length > MENU_NAME_MAX;
  if (long(names.en)) return { line, error: 'nameEn' };
  if (long(names.id)) return { line, error: 'nameId' };
  if (long(names.my)) return { line, error: 'nameMy' };
  const price = parsePrice(fields.price, currency);
  if (price === null) return { line, error: 'price' };
  const orderTypes = parseTypes(fields.order_types);
  if (!orderTypes) return { line, error: 'orderTypes' };
  return { line, category, names, price, orderTypes };
}

/** Every row of an import checked: the rows, or every line's error. */
export function checkImport(
  format: 'csv' | 'json',
  content: string,
  currency: Currency,
): { rows: ImportRow[]; errors: RowError[] } {
  let entries: { line: number; fields: Record<string, unknown> }[];
  if (format === 'csv') {
    const [header, ...records] = csvRecords(content.replace(/^\uFEFF/, ''));
    const names = header?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
    if (!COLUMNS.every((column) => names.includes(column))) {
      return { rows: [], errors: [{ line: header?.line ?? 1, error: 'header' }] };
    }
    entries = records.map(({ line, cells }) => ({
      line,
      fields: Object.fromEntries(names.map((name, index) => [name, cells[index] ?? ''])),
    }));
  } else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || parsed.some((entry) => typeof entry !== 'object' || entry === null)) {
      return { rows: [], errors: [{ line: 1, error: 'json' }] };
    }
    entries = (parsed as Record<string, unknown>[]).map((fields, index) => ({ line: index + 1, fields }));
  }
  if (entries.length === 0) return { rows: [], errors: [{ line: 1, error: 'empty' }] };
  if (entries.length > MENU_IMPORT_MAX_ROWS) {
    return { rows: [], errors: [{ line: entries[MENU_IMPORT_MAX_ROWS]!.line, error: 'tooMany' }] };
  }
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of entries) {
    const checked = checkRow(line, fields, currency);
    if ('error' in checked) errors.push(checked);
    else if (seen.has(checked.names.en.toLowerCase())) errors.push({ line, error: 'duplicate' });
    else {
      seen.add(checked.names.en.toLowerCase());
      rows.push(checked);
    }
  }
  return { rows, errors };
}

/** Serialises id allocation of new categories and dishes across concurrent imports. */
const ID_LOCK = 727_275;

export async function importMenu(
  ctx: AppContext,
  caller: Caller,
  input: { format: 'csv' | 'json'; content: string },
) {
  const member = caller.staff ?? fail(MESSAGE.invalidToken);
  if (member.role !== 'manager') fail(MESSAGE.forbidden);
  const restaurant = await loadRestaurant(ctx.db, member.restaurantId);
  const { rows, errors } = checkImport(input.format, input.content, restaurant.currency as 'MYR' | 'IDR');
  if (errors.length > 0) return fail(MESSAGE.invalidInput, {}, { rows: errors });
  return publishMenuChange(ctx, restaurant.id, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ID_LOCK})`);
    const categories = await tx
      .select()
      .from(menuCategories)
      .where(eq(menuCategories.restaurantId, restaurant.id))
      .orderBy(asc(menuCategories.sort));
    const items = await tx.select().from(menuItems).where(eq(menuItems.restaurantId, restaurant.id));
    // Ids are not serial (the seed's are fixed): the next free ones, under the lock above.
    const [lastCategory] = await tx
      .select({ id: sql<number>`coalesce(max(${menuCategories.id}), 0)::int` })
      .from(menuCategories);
    const [lastItem] = await tx
      .select({ id: sql<number>`coalesce(max(${menuItems.id}), 0)::int` })
      .from(menuItems);
    let nextCategory = Number(lastCategory?.id ?? 0) + 1;
    let nextItem = Number(lastItem?.id ?? 0) + 1;
    let categorySort = Math.max(0, ...categories.map((category) => category.sort)) + 1;
    let itemSort = Math.max(0, ...items.map((item) => item.sort)) + 1;
    const categoryIds = new Map(categories.map((c) => [(c.name.en ?? '').trim().toLowerCase(), c.id]));
    const itemIds = new Map(items.map((item) => [(item.name.en ?? '').trim().toLowerCase(), item.id]));
    let created = 0;
    let updated = 0;
    let categoriesCreated = 0;
    // Prices changed on dishes already on the menu, by id: what the audit record keeps (docs/audit.md).
    const pricesBefore: Record<string, number> = {};
    const pricesAfter: Record<string, number> = {};
    const priceOf = new Map(items.map((item) => [item.id, item.price]));
    for (const row of rows) {
      const categoryKey = row.category.toLowerCase();
      let categoryId = categoryIds.get(categoryKey);
      if (categoryId === undefined) {
        categoryId = nextCategory++;
        await tx.insert(menuCategories).values({
          id: categoryId,
          restaurantId: restaurant.id,
          name: { en: row.category, id: row.category, my: row.category },
          sort: categorySort++,
        });
        categoryIds.set(categoryKey, categoryId);
        categoriesCreated++;
      }
      const values = {
        name: row.names,
        price: row.price,
        categoryId,
        orderTypeMask: maskOf(row.orderTypes),
        updatedAt: ctx.now(),
      };
      const existing = itemIds.get(row.names.en.toLowerCase());
      if (existing !== undefined) {
        await tx
          .update(menuItems)
          .set(values)
          .where(and(eq(menuItems.id, existing), eq(menuItems.restaurantId, restaurant.id)));
        updated++;
        const was = priceOf.get(existing);
        if (was !== undefined && was !== row.price) {
          pricesBefore[existing] = was;
          pricesAfter[existing] = row.price;
        }
      } else {
        await tx.insert(menuItems).values({
          ...values,
          id: nextItem++,
          restaurantId: restaurant.id,
          description: { en: '', id: '', my: '' },
          sort: itemSort++,
        });
        created++;
      }
    }
    const counts = { created, updated, categories_created: categoriesCreated };
    await recordAudit(tx, {
      by: caller,
      at: ctx.now(),
      action: 'menu.import',
      subject: ['menu', restaurant.id],
      before: { prices: pricesBefore },
      after: { prices: pricesAfter, ...counts },
    });
    return counts;
  });
}

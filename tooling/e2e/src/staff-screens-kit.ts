/**
 * The staff console at its devices' sizes (`staff-screens.test.ts`): kopitiam-ali orders placed
 * through the real API with what a kitchen ticket can carry, and what a person would see checked in
 * the page (clipped words, small targets, a page wider than the screen).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { menuItems, restaurants } from '@santap/api/testing';
import { apiCall, registeredDiner, scanTableTicket } from './harness';
import type { E2eServer } from './harness';

/** The devices the console is laid out for (apps/staff README 'Layout'). */
export const DEVICES = {
  landscape: { width: 1280, height: 800 },
  portrait: { width: 800, height: 1280 },
  phone: { width: 390, height: 844 },
} as const;
export type Device = keyof typeof DEVICES;

type MenuItem = {
  id: number;
  name: string;
  option_groups: { id: string; required: boolean; options: { id: string }[] }[];
};

/** One dish of an order: its English name, how many, and a note for the kitchen. */
export interface DishLine {
  name: string;
  quantity: number;
  notes?: string;
}

/** A guest phone's cart token, as the server hands them out. */
export const newCartToken = () => `user${randomBytes(9).toString('base64url').slice(0, 11)}`;

/**
 * A pay-later kopitiam-ali order through the real API: dine-in at T3 unless `pickup`, with the
 * diner's special request, as a registered diner (with the allergies they recorded) when `token`,
 * from the phone holding `cartToken` when given (a dine-in order goes on that phone's tab at the table).
 */
export async function placeOrder(
  server: E2eServer,
  order: { dishes: DishLine[]; pickup?: boolean; request?: string; token?: string; cartToken?: string },
): Promise<number> {
  const as = {
    cartToken: order.cartToken ?? newCartToken(),
    ...(order.token ? { token: order.token } : {}),
    ...(order.pickup ? {} : { tableTicket: await scanTableTicket(server, 1001, 5003) }),
  };
  const menu = await apiCall<{ items: MenuItem[] }>(
    server,
    'GET',
    '/api/menu?restaurant_id=kopitiam-ali',
    as,
  );
  for (const line of order.dishes) {
    const dish = menu.items.find((item) => item.name === line.name);
    if (!dish) throw new Error(`no ${line.name} on the demo menu`);
    await apiCall(server, 'POST', '/api/orders/cart/update.php', {
      ...as,
      payload: {
        scope: 'kopitiam-ali',
        item_id: dish.id,
        quantity: line.quantity,
        ...(line.notes ? { notes: line.notes } : {}),
        // A required choice (spice level): its first option; the ticket lists it by name.
        selections: Object.fromEntries(
          dish.option_groups.filter((g) => g.required).map((g) => [g.id, [g.options[0]!.id]]),
        ),
      },
    });
  }
  if (order.request) {
    await apiCall(server, 'POST', '/api/orders/cart/update_special_note.php', {
      ...as,
      payload: { scope: 'kopitiam-ali', special_note: order.request },
    });
  }
  await apiCall(server, 'POST', '/api/orders/cart/update_cart_details.php', {
    ...as,
    payload: {
      scope: 'kopitiam-ali',
      context: order.pickup ? { orderType: 3 } : { orderType: 1, tableId: 5003 },
    },
  });
  const placed = await apiCall<{ order_id: number }>(server, 'POST', '/api/orders/create.php', {
    ...as,
    payload: { scope: 'kopitiam-ali', payment_mode: 'pay_later' },
  });
  return placed.order_id;
}

/** A registered diner with a severe nuts allergy and a fish one to avoid (their ticket says so). */
export async function dinerWithAllergies(server: E2eServer, phone: string): Promise<string> {
  const { token } = await registeredDiner(server, phone);
  for (const [category, severity] of [
    ['nuts', 'severe'],
    ['fish', 'avoid'],
  ] as const) {
    await apiCall(server, 'POST', '/api/user/allergies', { token, payload: { category, severity } });
  }
  return token;
}

/**
 * kopitiam-ali takes pay-later pickups too (the counter's and the ready screen's orders) and has two
 * kitchen stations (the board's picker).
 */
export async function kitchenSettings(server: E2eServer): Promise<void> {
  const db = server.db.database.db;
  const row = (await db.select().from(restaurants)).find((r) => r.id === 1001);
  const dishes = (await db.select().from(menuItems)).filter((item) => item.restaurantId === 1001);
  const categoryOf = (name: string) => dishes.find((item) => item.name.en === name)!.categoryId;
  const settings = {
    ...row!.settings,
    payLaterMask: 7,
    kitchen: {
      amberMinutes: 10,
      redMinutes: 20,
      stations: [
        { name: 'Wok', categoryIds: [categoryOf('Nasi Goreng Kampung')] },
        { name: 'Drinks', categoryIds: [categoryOf('Teh Tarik')] },
      ],
    },
  };
  await db.execute(
    `update restaurants set settings = '${JSON.stringify(settings).replace(/'/g, "''")}'::jsonb where id = 1001`,
  );
}

/** Moves an order's placed time back `minutes` (its age clock then shows amber or red). */
export async function backdate(server: E2eServer, orderId: number, minutes: number): Promise<void> {
  await server.db.database.db.execute(
    `update orders set created_at = created_at - interval '${Math.round(minutes)} minutes' where id = ${orderId}`,
  );
}

/** What a person would see wrong on the page now: each finding in words (empty when none). */
export interface LayoutFindings {
  /** The page scrolls sideways: its width beyond the screen's. */
  sideways: string[];
  /** A visible button or link whose words do not fit in it (cut at its edge, spilling out, or a word broken over lines). */
  clipped: string[];
  /** A visible button, link, select or input smaller than `target` × `target` CSS px (an input by its label). */
  small: string[];
}

/**
 * Reads the page as laid out: sideways scrolling, clipped words on buttons and links, and targets
 * under `target` px; both under the `scope` selector.
 */
export function layoutFindings(page: Page, scope: string, target: number): Promise<LayoutFindings> {
  return page.evaluate(
    ({ scope, target }) => {
      const describe = (element: Element) => {
        const text = (element as HTMLElement).innerText?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
        const cls = element.classList.length ? `.${Array.from(element.classList).join('.')}` : '';
        return `${element.tagName.toLowerCase()}${cls} "${element.getAttribute('aria-label') ?? text}"`;
      };
      const shown = (element: Element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && element.checkVisibility({ checkVisibilityCSS: true });
      };
      const root = document.documentElement;
      const sideways =
        root.scrollWidth > root.clientWidth
          ? [`page ${root.scrollWidth} px wide in ${root.clientWidth}`]
          : [];
      const clipped: string[] = [];
      for (const element of Array.from(document.querySelectorAll(`${scope} :is(button, a[href], summary)`))) {
        if (!shown(element)) continue;
        const box = element as HTMLElement;
        // More content than the box shows, across or down: words cut at its edge.
        if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) {
          clipped.push(
            `${describe(box)} ${box.scrollWidth}×${box.scrollHeight} in ${box.clientWidth}×${box.clientHeight}`,
          );
        }
        // Its label wider than the button: it spills out or is cut.
        const outer = box.getBoundingClientRect();
        for (const child of Array.from(box.querySelectorAll('span, svg'))) {
          const inner = child.getBoundingClientRect();
          if (inner.left < outer.left - 1 || inner.right > outer.right + 1) {
            clipped.push(
              `${describe(box)}: its words run ${Math.round(inner.width)} px in ${Math.round(outer.width)}`,
            );
          }
        }
        // A word broken across two lines ('Con' / 'firm'): the button too narrow for it.
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
            if (lines.size > 1)
              clipped.push(`${describe(box)}: '${word[0]}' broken over ${lines.size} lines`);
          }
        }
      }
      const small: string[] = [];
      const controls = `${scope} :is(button, a[href], summary, select, input:not([type=hidden]), [role=button])`;
      for (const element of Array.from(document.querySelectorAll(controls))) {
        // A checkbox, radio or hidden file input is pressed through its label (when it is the larger).
        const label = element.tagName === 'INPUT' ? (element as HTMLInputElement).labels?.[0] : undefined;
        const area = (box: DOMRect) => box.width * box.height;
        const own = element.getBoundingClientRect();
        const pressed = label && area(label.getBoundingClientRect()) > area(own) ? label : element;
        if (!shown(pressed)) continue;
        const rect = pressed.getBoundingClientRect();
        if (rect.width < target - 0.5 || rect.height < target - 0.5) {
          small.push(`${describe(element)} ${Math.round(rect.width)}×${Math.round(rect.height)}`);
        }
      }
      return { sideways, clipped, small: [...new Set(small)] };
    },
    { scope, target },
  );
}

/** WCAG 2.2 A/AA as axe-core tags them (as the a11y journey runs it). */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's WCAG A/AA findings under `scope` as `rule: selector (why)`; the page must be opened with
 * `bypassCSP` (the console's CSP refuses an injected script).
 */
export async function axeFindings(page: Page, scope: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(
    async ({ scope, tags }) => {
      const axe = (
        window as unknown as { axe: { run(context: Element, options: RunOptions): Promise<AxeResults> } }
      ).axe;
      const result = await axe.run(document.querySelector(scope)!, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.flatMap((violation) =>
        violation.nodes.map(
          (node) =>
            `${violation.id}: ${node.target.join(' ')} (${node.failureSummary?.split('\n')[1]?.trim() ?? ''})`,
        ),
      );
    },
    { scope, tags: WCAG_AA },
  );
}

/**
 * Contrast of the board's colour marks that are not text (axe checks text): a rush ticket's outline
 * against the page, each age clock's badge against its ticket's bar. Each as `what ratio`.
 */
export function markContrasts(page: Page): Promise<{ mark: string; ratio: number }[]> {
  return page.evaluate(() => {
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r, g, b] = channels(color).map((value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100;
    };
    const pageColor = getComputedStyle(document.body).backgroundColor;
    const marks: { mark: string; ratio: number }[] = [];
    for (const card of Array.from(document.querySelectorAll('.staff-card--rush'))) {
      marks.push({ mark: 'rush outline', ratio: ratio(getComputedStyle(card).outlineColor, pageColor) });
    }
    for (const age of Array.from(document.querySelectorAll('.staff-card__age'))) {
      const bar = getComputedStyle(age.parentElement!).backgroundColor;
      const level = age.getAttribute('data-level');
      marks.push({ mark: `${level} age badge`, ratio: ratio(getComputedStyle(age).backgroundColor, bar) });
    }
    return marks;
  });
}

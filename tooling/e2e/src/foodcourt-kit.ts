/** Helpers of the food-court journeys (the shared harness stays as it is). */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { E2eServer } from './harness';

interface MenuReply {
  data: {
    items: {
      name: string;
      in_stock: boolean;
      is_voucher: boolean;
      price: number;
      option_groups: { required: boolean }[];
    }[];
  };
}

/** The name and price of an outlet's first dish that needs no choice (read through the real API). */
export async function plainDish(server: E2eServer, outlet: string): Promise<{ name: string; price: number }> {
  const reply = await server.app.inject({ method: 'GET', url: `/api/menu?restaurant_id=${outlet}` });
  expect(reply.statusCode).toBe(200);
  const item = (reply.json() as MenuReply).data.items.find(
    (candidate) =>
      candidate.in_stock &&
      !candidate.is_voucher &&
      candidate.option_groups.every((group) => !group.required),
  );
  if (!item) throw new Error(`no plain dish at ${outlet}`);
  return { name: item.name, price: item.price };
}

/** From the food court's page: open an outlet, add one plain dish to the one cart, back to the outlets. */
export async function addFromOutlet(page: Page, outletName: string, dishName: string): Promise<void> {
  await page.getByRole('link', { name: outletName }).click();
  await page.getByRole('heading', { level: 1, name: outletName }).waitFor();
  await page
    .getByRole('button', { name: `Add ${dishName}`, exact: true })
    .first()
    .click();
  const popup = page.getByRole('dialog', { name: dishName });
  await popup.getByRole('button', { name: /^Add to cart/ }).click();
  await popup.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('heading', { level: 1, name: 'Mall Demo Food Court' }).waitFor();
}

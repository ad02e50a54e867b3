import { isQrId } from './qr-id';
import { readOrderType } from './restaurant-qr';
import { menuLinkPath } from './targets';
import type { MenuLinkQr } from './types';
import { singleParam } from './url';
import type { QrUrl } from './url';

/** Path of the legacy menu link (spec §2). */
export const MENU_PHP_PATH = '/menu.php';

/**
 * Reads a legacy `menu.php?rest_name=…[&ot=…][&date=…&slot=…]` link (spec §2). `null` when
 * `rest_name` is missing or malformed, `ot` is not 1-3, or a parameter is repeated.
 */
export function readMenuPhp(url: QrUrl): MenuLinkQr | null {
  const name = singleParam(url, 'rest_name');
  const ot = singleParam(url, 'ot');
  const date = singleParam(url, 'date');
  const slot = singleParam(url, 'slot');
  if (name == null || ot === null || date === null || slot === null || !isQrId(name)) return null;
  const orderType = readOrderType(ot);
  if (orderType === null) return null;
  const to = menuLinkPath(name, orderType, date, slot);
  return orderType === undefined ? { kind: 'menuLink', name, to } : { kind: 'menuLink', name, orderType, to };
}

/**
 * Reads a menu route `/r/{name}[/{ot}[/{pickupType}]]` from its decoded path segments (spec §2
 * route `/r/:name/:ot?/:pickupType?`); the link keeps its own query. `null` when the name is
 * malformed or `ot` is not 1-3.
 */
export function readMenuRoute(segments: readonly string[], url: QrUrl): MenuLinkQr | null {
  const [, name, ot, pickupType, ...rest] = segments;
  if (name === undefined || !isQrId(name) || rest.length > 0) return null;
  const orderType = ot === undefined ? undefined : readOrderType(ot);
  if (orderType === null || (ot !== undefined && orderType === undefined)) return null;
  if (pickupType !== undefined && !isQrId(pickupType)) return null;
  const link: MenuLinkQr = { kind: 'menuLink', name, to: `${url.pathname}${url.search}` };
  if (orderType !== undefined) link.orderType = orderType;
  if (pickupType !== undefined) link.pickupType = pickupType;
  return link;
}

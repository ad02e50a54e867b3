import type { MESSAGE } from '@santap/domain';

/**
 * Order type carried by a restaurant QR (`ot`): 1 dine-in, 2 delivery, 3 pickup — the codes of
 * `ORDER_TYPE` in `@santap/domain` (spec §4).
 */
export type QrOrderType = 1 | 2 | 3;

/**
 * Whether a QR is dynamic (spec §4). A dynamic QR carries a validity epoch (`validUntil`, Unix
 * seconds) and a server signature; a static QR carries neither.
 */
export type QrValidity = { dynamic: false; validUntil?: undefined } | { dynamic: true; validUntil: number };

/**
 * A restaurant QR: `set_restaurant_qr.php?restaurant_id=…&tid=…[&ot=…]` (spec §2). `orderType` is `ot`
 * (default 1); `tableId` (`tid`) is always set when `orderType` is 1, since dine-in needs a table.
 */
export type TableQr = {
  kind: 'table';
  restaurantId: string;
  tableId?: string;
  orderType: QrOrderType;
} & QrValidity;

/** A restaurant's takeaway QR: `set_restaurant_qr.php?restaurant_id=…&type=tk` (spec §2). */
export type TakeawayQr = { kind: 'takeaway'; restaurantId: string } & QrValidity;

/** A restaurant's setting QR: `set_restaurant_qr.php?restaurant_id=…&setting=1` (spec §2). */
export type SettingQr = { kind: 'setting'; restaurantId: string } & QrValidity;

/** A food-court table QR: `/fc/{mall}?tid=…` (spec §2, route `/fc/:mall`). */
export type FoodCourtTableQr = { kind: 'foodCourtTable'; mall: string; tableId: string } & QrValidity;

/**
 * A link to a restaurant menu, `/r/{name}[/{ot}[/{pickupType}]]` or legacy `menu.php?rest_name=…`
 * (spec §2). `to` is the in-app path (with query) to open. Links are never dynamic.
 */
export interface MenuLinkQr {
  kind: 'menuLink';
  name: string;
  orderType?: QrOrderType;
  pickupType?: string;
  to: string;
}

/** A link to a food court without a table, `/fc/{mall}` (spec §2). `to` is the in-app path. */
export interface FoodCourtLinkQr {
  kind: 'foodCourtLink';
  mall: string;
  to: string;
}

/** The QRs Santap prints, which may be static or dynamic (spec §4, §6 QR plans). */
export type PrintedQr = TableQr | TakeawayQr | SettingQr | FoodCourtTableQr;

/** Everything `parseQr` accepts, told apart by `kind` (spec §2). */
export type ParsedQr = PrintedQr | MenuLinkQr | FoodCourtLinkQr;

/**
 * What a printed QR points at, before validity: the input of `dynamicQrMessage` and `buildQrText`.
 * `orderType` of a table QR defaults to 1 (dine-in). Spec §2, §4.
 */
export type QrPayload =
  | { kind: 'table'; restaurantId: string; tableId?: string; orderType?: QrOrderType }
  | { kind: 'takeaway'; restaurantId: string }
  | { kind: 'setting'; restaurantId: string }
  | { kind: 'foodCourtTable'; mall: string; tableId: string };

/** Why a QR text was refused (spec §8): not ours, expired, or no longer exists. */
export type QrError = typeof MESSAGE.invalidQr | typeof MESSAGE.qrExpired | typeof MESSAGE.qrNoLongerExists;

/** Checks a dynamic QR's signature over `dynamicQrMessage(...)`; the HMAC key stays on the server (spec §4). */
export type VerifyQrSignature = (message: string, signature: string) => boolean;

import type { FastifyInstance } from 'fastify';
import { cart as api } from '@santap/contract';
import type { AppContext } from '../services/context';
import { MESSAGE } from '@santap/domain';
import { openCartHandover } from '../lib/cart-handover';
import { fail } from '../lib/errors';
import { route } from '../http/route';
import { adoptHandedOverCart } from '../services/flows/accounts/guest-merge';
import {
  cartLineWrite,
  cartView,
  existingCart,
  mutateCart,
  setCartContext,
} from '../services/flows/ordering/cart';
import { resolveScope } from '../services/model/carts';
import {
  cartBillView,
  clearCart,
  removeUnavailableAndAcceptPrices,
  setLineNotes,
  setSpecialNote,
  unavailableLines,
} from '../services/flows/ordering/cart';
import { applyCartCoupon, removeCartCoupons } from '../services/flows/ordering/cart/promotions';
import { presentedTableTicket } from '../services/flows/tables/tickets';

export function registerCartRoutes(app: FastifyInstance, ctx: AppContext) {
  // The login redirect's cart (spec §2): the guest rows of the handover's cart token move into the
  // diner's account, as verify_otp moves the browser's own (guest-merge.ts). No cookie changes hands.
  route(app, ctx, api.cartAdoptToken, async ({ body }, caller) => {
    const user = caller.user ?? fail(MESSAGE.invalidToken);
    const cartToken =
      openCartHandover(ctx.config.tableTicketSecret, body.cart_handover, ctx.now()) ??
      fail(MESSAGE.invalidInput);
    const moved = await ctx.db.transaction((tx) => adoptHandedOverCart(ctx, tx, user.id, cartToken));
    return { moved_orders: moved?.moved_orders ?? 0, moved_carts: moved?.moved_carts ?? 0 };
  });
  route(app, ctx, api.cartGet, async ({ query }, caller) => {
    const target = await resolveScope(ctx.db, query.scope);
    // A read makes no cart: a menu page's early replies read a guest's cart for a browser whose
    // login the server cannot see, and a new empty cart would hide that diner's own (the newest wins).
    return cartView(ctx, ctx.db, caller, target, await existingCart(ctx.db, caller, target));
  });
  route(app, ctx, api.cartUpdate, ({ body }, caller) =>
    mutateCart(ctx, caller, body.scope, (tx, cart, target) => cartLineWrite(tx, cart, target, body)),
  );
  route(app, ctx, api.cartSpecialNote, ({ body }, caller) =>
    mutateCart(ctx, caller, body.scope, (tx, cart) => setSpecialNote(tx, cart, body.special_note)),
  );
  route(app, ctx, api.cartNotes, ({ body }, caller) =>
    mutateCart(ctx, caller, body.scope, (tx, cart) => setLineNotes(tx, cart, body.cart_item_id, body.notes)),
  );
  route(app, ctx, api.cartBill, ({ query }, caller) => cartBillView(ctx, caller, query.scope));
  route(app, ctx, api.cartClear, ({ body }, caller) =>
    mutateCart(ctx, caller, body.scope, (tx, cart) => clearCart(tx, cart)),
  );
  // Coupon rules, limits and food-court semantics: services/flows/ordering/cart/promotions.ts.
  route(app, ctx, api.cartDiscount, ({ body }, caller) =>
    mutateCart(ctx, caller, body.scope, (tx, cart, target) =>
      body.discount_code?.trim()
        ? applyCartCoupon(ctx, tx, caller, cart, target, body.discount_code)
        : removeCartCoupons(tx, cart, target),
    ),
  );
  route(app, ctx, api.cartDetails, ({ body }, caller, request) =>
    mutateCart(ctx, caller, body.scope, (tx, cart, target) =>
      setCartContext(ctx, tx, cart, target, body.context, body.address, presentedTableTicket(request)),
    ),
  );
  route(app, ctx, api.cartRemoveUnavailable, ({ body }, caller) =>
    mutateCart(ctx, caller, body.scope, (tx, cart) => removeUnavailableAndAcceptPrices(tx, cart, caller)),
  );
  route(app, ctx, api.foodCourtOutOfStock, ({ query }, caller) => unavailableLines(ctx, caller, query.scope));
}

/**
 * The diner's cart (spec §4, §7 cart calls): its scope, its row, reading it, its bills, changing it
 * and its order context; one module per concern, named here for the rest of the server.
 */
export { SCOPE_CACHE_MS, cachedScope, currencyOf, forgetCachedScopes } from './scope';
export { cartFor, existingCart, isLocked } from './row';
export { cartToRead, cartView, pricedLines } from './reads';
export { cartBills, cartOrderType, labelledCartBill, sumBills } from './bills';
export { cartLineWrite, mutateCart, updateCartLine } from './writes';
export type { CartUpdate } from './writes';
export { setCartContext } from './context';
export {
  cartBillView,
  previewBills,
  clearCart,
  removeUnavailableAndAcceptPrices,
  setLineNotes,
  setSpecialNote,
  unavailableLines,
} from './edits';

/**
 * Ordering (spec §4, §5): placing a cart as orders, who may see an order, its views, its status moves
 * and the running-order rule; one module per concern, named here for the rest of the server.
 */
export { createOrder, placeCart } from './place';
export type { PlacedOrder } from './place';
export type { CreateOrderInput } from './eligibility';
export { placeOf, runningOrdersOf, runningOrdersWithPlace } from './running';
export { cancelOrder, paidFirst, transitionOrder } from './transitions';
export { orderViews, orderViewsAndLines } from './views';

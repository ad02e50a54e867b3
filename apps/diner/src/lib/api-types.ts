import type { EndpointData, EndpointInput, cart, orders, restaurants } from '@santap/api-client';

/** Reply and input shapes the screens use, derived from the contract (one source of truth). */
export type MenuData = EndpointData<typeof restaurants.menu>;
export type MenuCategory = MenuData['categories'][number];
export type MenuItemData = MenuData['items'][number];
export type MenuOptionGroupData = MenuItemData['option_groups'][number];
export type CartData = EndpointData<typeof cart.cartGet>;
export type CartLine = CartData['items'][number];
export type CartBillData = EndpointData<typeof cart.cartBill>;
export type BillData = CartBillData['bill'];
export type OrderContextInput = EndpointInput<typeof cart.cartDetails>['body']['context'];
export type CartUpdateBody = Omit<EndpointInput<typeof cart.cartUpdate>['body'], 'scope'>;
export type CreatedOrder = EndpointData<typeof orders.orderCreate>;
export type ScheduleSlotsData = EndpointData<typeof restaurants.scheduleSlots>;
export type NearbyData = EndpointData<typeof restaurants.nearbyRestaurants>;
export type RestaurantListEntry = NearbyData['nearby_restaurants'][number];
export type TableData = EndpointData<typeof restaurants.restaurantTable>;

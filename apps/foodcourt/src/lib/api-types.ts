import type {
  EndpointData,
  cart,
  invoices,
  orders,
  payments,
  promotions,
  restaurants,
} from '@santap/api-client';

/** Reply shapes the screens use, derived from the contract (one source of truth). */
export type MallData = EndpointData<typeof restaurants.mallRestaurants>;
export type MallInfo = MallData['mall'];
export type Outlet = MallData['restaurants'][number];
export type MenuData = EndpointData<typeof restaurants.menu>;
export type MenuItemData = MenuData['items'][number];
export type CartData = EndpointData<typeof cart.cartGet>;
export type CartLine = CartData['items'][number];
export type CartBillData = EndpointData<typeof cart.cartBill>;
export type BillData = CartBillData['bill'];
export type FcCoupons = EndpointData<typeof promotions.foodCourtCouponsActive>;
export type Wallet = EndpointData<typeof promotions.walletAmount>;
export type FcOrderData = EndpointData<typeof orders.foodCourtOrders>;
export type OutletOrder = FcOrderData['orders'][number];
export type PaymentMethods = EndpointData<typeof payments.paymentMethodsGet>;
export type FcInvoice = EndpointData<typeof invoices.generateFoodCourtInvoice>;

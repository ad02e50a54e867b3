import { uiSection } from './ui';
import { dinerOrdersSection } from './diner-orders';
import { dinerMenuSection } from './diner-menu';
import { accountSection } from './account';
import { legalSection } from './legal';
import { reviewsSection } from './reviews';
import { bookingsSection } from './bookings';
import { foodcourtSection } from './foodcourt';
import { kioskSection } from './kiosk';
import { paymentReturnSection } from './payment-return';
import { pageMetaSection } from './page-meta';
import { staffSection } from './staff';
import { staffDeskSection } from './staff-desk';
import { staffTabsSection } from './staff-tabs';
import { staffAuditSection } from './staff-audit';
import { messagingSection } from './messaging';
import { tableRequestsSection } from './table-requests';
import { orderTrackerSection } from './order-tracker';
import { loginDeliverySection } from './login-delivery';
import { docketSection } from './docket';
import { printersSection } from './printers';
import { printingSection } from './printing';
import { settlementSection } from './settlement';
import { tabErrorsSection } from './tab-errors';
import { approvalSection } from './approval';
import { dinerTabSection } from './diner-tab';

/**
 * Every catalogue section, merged into `resources` after the base catalogues. Add a section with one
 * import and one entry in the tuple below.
 */
export const sections = [
  uiSection,
  dinerOrdersSection,
  dinerMenuSection,
  accountSection,
  legalSection,
  reviewsSection,
  bookingsSection,
  foodcourtSection,
  kioskSection,
  paymentReturnSection,
  pageMetaSection,
  staffSection,
  staffDeskSection,
  staffTabsSection,
  staffAuditSection,
  messagingSection,
  tableRequestsSection,
  orderTrackerSection,
  loginDeliverySection,
  docketSection,
  printersSection,
  printingSection,
  settlementSection,
  tabErrorsSection,
  approvalSection,
  dinerTabSection,
] as const;

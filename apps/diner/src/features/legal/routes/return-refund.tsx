import { loadCatalogueGroup } from '@santap/web';
import { LegalPage } from '../components/legal-page';

/** The legal pages' text is its own catalogue group, fetched with the route. */
export const loader = () => loadCatalogueGroup('legal');

/** `/return-refund`: failed payments 5-7 working days, cancelled or declined orders 3-5 days (spec §9). */
export function Component() {
  return (
    <LegalPage
      title="legal.refund.title"
      intro="legal.refund.intro"
      sections={[
        { id: 'failed', title: 'legal.refund.failedTitle', body: 'legal.refund.failedBody' },
        { id: 'duplicate', title: 'legal.refund.duplicateTitle', body: 'legal.refund.duplicateBody' },
        { id: 'cancelled', title: 'legal.refund.cancelTitle', body: 'legal.refund.cancelBody' },
        { id: 'food', title: 'legal.refund.foodTitle', body: 'legal.refund.foodBody' },
        { id: 'cashback', title: 'legal.refund.cashbackTitle', body: 'legal.refund.cashbackBody' },
        { id: 'bookings', title: 'legal.refund.bookingTitle', body: 'legal.refund.bookingBody' },
        { id: 'method', title: 'legal.refund.methodTitle', body: 'legal.refund.methodBody' },
        { id: 'law', title: 'legal.refund.lawTitle', body: 'legal.refund.lawBody' },
        { id: 'contact', title: 'legal.refund.contactTitle', body: 'legal.refund.contactBody' },
      ]}
    />
  );
}

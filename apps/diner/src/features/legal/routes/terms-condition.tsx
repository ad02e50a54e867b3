import { loadCatalogueGroup } from '@santap/web';
import { LegalPage } from '../components/legal-page';

/** The legal pages' text is its own catalogue group, fetched with the route. */
export const loader = () => loadCatalogueGroup('legal');

/** `/terms-condition`: 18+ or a corporate entity (spec §1), orders, charges, payment, rewards, law. */
export function Component() {
  return (
    <LegalPage
      title="legal.terms.title"
      intro="legal.terms.intro"
      sections={[
        { id: 'eligibility', title: 'legal.terms.eligibilityTitle', body: 'legal.terms.eligibilityBody' },
        { id: 'account', title: 'legal.terms.accountTitle', body: 'legal.terms.accountBody' },
        { id: 'orders', title: 'legal.terms.ordersTitle', body: 'legal.terms.ordersBody' },
        { id: 'prices', title: 'legal.terms.pricesTitle', body: 'legal.terms.pricesBody' },
        { id: 'payment', title: 'legal.terms.paymentTitle', body: 'legal.terms.paymentBody' },
        { id: 'bookings', title: 'legal.terms.bookingsTitle', body: 'legal.terms.bookingsBody' },
        { id: 'rewards', title: 'legal.terms.rewardsTitle', body: 'legal.terms.rewardsBody' },
        { id: 'allergies', title: 'legal.terms.allergiesTitle', body: 'legal.terms.allergiesBody' },
        { id: 'use', title: 'legal.terms.useTitle', body: 'legal.terms.useBody' },
        { id: 'liability', title: 'legal.terms.liabilityTitle', body: 'legal.terms.liabilityBody' },
        { id: 'changes', title: 'legal.terms.changesTitle', body: 'legal.terms.changesBody' },
        { id: 'law', title: 'legal.terms.lawTitle', body: 'legal.terms.lawBody' },
      ]}
    />
  );
}

import { loadCatalogueGroup } from '@santap/web';
import { LegalPage } from '../components/legal-page';

/** The legal pages' text is its own catalogue group, fetched with the route. */
export const loader = () => loadCatalogueGroup('legal');

/** `/privacy-policy`: Malaysia's PDPA 2010 and Indonesia's UU No. 27 of 2022. */
export function Component() {
  return (
    <LegalPage
      title="legal.privacy.title"
      intro="legal.privacy.intro"
      sections={[
        { id: 'controller', title: 'legal.privacy.controllerTitle', body: 'legal.privacy.controllerBody' },
        { id: 'collect', title: 'legal.privacy.collectTitle', body: 'legal.privacy.collectBody' },
        { id: 'sensitive', title: 'legal.privacy.sensitiveTitle', body: 'legal.privacy.sensitiveBody' },
        { id: 'basis', title: 'legal.privacy.basisTitle', body: 'legal.privacy.basisBody' },
        { id: 'use', title: 'legal.privacy.useTitle', body: 'legal.privacy.useBody' },
        { id: 'share', title: 'legal.privacy.shareTitle', body: 'legal.privacy.shareBody' },
        { id: 'transfer', title: 'legal.privacy.transferTitle', body: 'legal.privacy.transferBody' },
        { id: 'security', title: 'legal.privacy.securityTitle', body: 'legal.privacy.securityBody' },
        { id: 'rights', title: 'legal.privacy.rightsTitle', body: 'legal.privacy.rightsBody' },
        { id: 'retention', title: 'legal.privacy.retentionTitle', body: 'legal.privacy.retentionBody' },
        { id: 'children', title: 'legal.privacy.childrenTitle', body: 'legal.privacy.childrenBody' },
        { id: 'cookies', title: 'legal.privacy.cookiesTitle', body: 'legal.privacy.cookiesBody' },
        { id: 'changes', title: 'legal.privacy.changesTitle', body: 'legal.privacy.changesBody' },
        { id: 'contact', title: 'legal.privacy.contactTitle', body: 'legal.privacy.contactBody' },
      ]}
    />
  );
}

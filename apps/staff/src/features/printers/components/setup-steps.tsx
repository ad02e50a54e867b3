import { useUiTranslation } from '@santap/ui';
import type { StaffPrinter } from '../../../lib/printing/types';

const STAR = [
  'printers.setup.star.step1',
  'printers.setup.star.step2',
  'printers.setup.star.step3',
  'printers.setup.star.step4',
] as const;
const EPSON = [
  'printers.setup.epson.step1',
  'printers.setup.epson.step2',
  'printers.setup.epson.step3',
  'printers.setup.epson.step4',
] as const;

/**
 * How to type the server URL and credential into the printer's own set-up page: Star CloudPRNT
 * (its web page's CloudPRNT settings) and Epson Server Direct Print (EPSON Web Config). The printer's
 * own kind is open; the other is one tap away.
 */
export function SetupSteps({ connection }: { connection: StaffPrinter['connection'] }) {
  const { t } = useUiTranslation();
  const guides = [
    { id: 'cloudprnt', title: t('printers.setup.star.title'), steps: STAR },
    { id: 'epson_sdp', title: t('printers.setup.epson.title'), steps: EPSON },
  ];
  return (
    <section className="printers-setup" aria-label={t('printers.setup.title')}>
      <h3>{t('printers.setup.title')}</h3>
      {guides.map((guide) => (
        <details key={guide.id} open={guide.id === connection}>
          <summary>{guide.title}</summary>
          <ol>
            {guide.steps.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
        </details>
      ))}
    </section>
  );
}

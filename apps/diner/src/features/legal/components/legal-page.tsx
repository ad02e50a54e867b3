import { Link, useNavigate } from 'react-router';
import type { TranslationKey } from '@santap/i18n';
import { Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import '../legal.css';

export interface LegalSection {
  /** The section's anchor on the page (`#rights`), for the page's own table of contents. */
  id: string;
  title: TranslationKey;
  /** One or more paragraphs, separated by a blank line in the catalogue. */
  body: TranslationKey;
}

export interface LegalPageProps {
  title: TranslationKey;
  intro: TranslationKey;
  sections: readonly LegalSection[];
}

const POLICIES = [
  { to: paths.privacy(), title: 'legal.privacy.title' },
  { to: paths.returnRefund(), title: 'legal.refund.title' },
  { to: paths.terms(), title: 'legal.terms.title' },
] as const;

/**
 * A legal page (spec §2): the date of the version, a table of contents (long text on a
 * phone), headed sections of one or more paragraphs in the diner's language, and links to the other
 * policies.
 */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.home()));
  return (
    <Page title={t(title)} onBack={back}>
      <article className="legal">
        <p className="dn-muted">{t('legal.updated')}</p>
        <p>{t(intro)}</p>
        <nav aria-label={t('legal.onThisPage')} className="legal__contents">
          <h2>{t('legal.onThisPage')}</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{t(section.title)}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>{t(section.title)}</h2>
            {t(section.body)
              .split('\n\n')
              .map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
          </section>
        ))}
      </article>
      <nav aria-label={t('legal.otherPolicies')} className="legal__others">
        <h2>{t('legal.otherPolicies')}</h2>
        <ul>
          {POLICIES.filter((policy) => policy.title !== title).map((policy) => (
            <li key={policy.to}>
              <Link to={policy.to}>{t(policy.title)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}

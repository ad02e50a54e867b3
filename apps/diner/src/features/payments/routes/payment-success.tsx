import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/use-t';
import { orderIdOf } from '../api/load-payment';

/**
 * `/payment-success` (spec §2 payment outcome): the thank-you page; with `?order_id=` it links to the
 * order's live status.
 */
export function Component() {
  const { t } = useT();
  const [search] = useSearchParams();
  const orderId = orderIdOf(search.get('order_id'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <Page title={t('pay.title')}>
      <h2 ref={heading} tabIndex={-1}>
        {t('pay.successTitle')}
      </h2>
      <Banner tone="success">{t('pay.successBody')}</Banner>
      <p>
        {orderId !== undefined ? (
          <Link to={paths.orderStatus(orderId)}>{t('pay.viewOrder')}</Link>
        ) : (
          <Link to={paths.home()}>{t('pay.backHome')}</Link>
        )}
      </p>
    </Page>
  );
}

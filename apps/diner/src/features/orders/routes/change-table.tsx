import { useState } from 'react';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { orders, restaurants } from '@santap/api-client';
import type { Order } from '@santap/api-client';
import { ORDER_TYPE, isOrderStatus, isRunningOrder } from '@santap/domain';
import { Banner, Button, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { useT } from '../../../lib/use-t';
import { loadOrder } from '../api/load-order';
import type { OrderPageData } from '../api/load-order';
import { OrderProblem } from '../../../components/order-problem';
import { scannedTable } from '../lib/scanned-table';
import type { ScannedTable } from '../lib/scanned-table';
import { errorText } from '@santap/web';

export const loader = loadOrder;

/**
 * `/changeTable/:order_id` (spec §2 'table change'): a diner who moved moves their running dine-in
 * order with them. The page asks for the new table's QR (the scanner comes back here with `?qr=`),
 * then, on 'Move my order', the new table's check (as a scan on arrival: it verifies a dynamic QR,
 * gives this browser the new table's ticket and answers its numeric id, whether the QR named the
 * table by token or by id) and `orders.userTableUpdate`; the server refuses a table of another place
 * ('Wrong table for dinein order! Please scan again').
 */
export function Component() {
  const data = useLoaderData() as OrderPageData;
  const { t } = useT();
  if (data.kind !== 'ready') return <OrderProblem data={data} title={t('order.changeTable.title')} />;
  return <ChangeTable order={data.order} />;
}

function ChangeTable({ order }: { order: Order }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const scannedText = query.get('qr');
  const scanned = scannedText === null ? undefined : scannedTable(scannedText, new Date());
  const from = order.table_label ?? t('order.table', { table: order.table_no ?? '' });
  const movable =
    order.order_type === ORDER_TYPE.DINE_IN && (!isOrderStatus(order.status) || isRunningOrder(order.status));
  const scan = () =>
    navigate(`${paths.qr()}?${new URLSearchParams({ changeTable: String(order.order_id) })}`);

  const move = async (table: Extract<ScannedTable, { ok: true }>) => {
    setMoving(true);
    setError(undefined);
    try {
      const checked = await api.call(restaurants.restaurantTable, {
        params: { restaurantId: table.restaurantId, tableId: table.tableId },
        query: { ...(table.v ? { v: table.v } : {}), ...(table.sig ? { sig: table.sig } : {}) },
      });
      await api.call(orders.userTableUpdate, {
        body: { order_id: order.order_id, table_id: checked.table_id },
      });
      navigate(paths.orderStatus(order.order_id), { replace: true });
    } catch (failure) {
      setError(errorText(failure, t));
    } finally {
      setMoving(false);
    }
  };

  return (
    <Page title={t('order.changeTable.title')} onBack={() => navigate(paths.orderStatus(order.order_id))}>
      <div className="dn-stack">
        {!movable ? (
          <Banner tone="warning">{t('order.changeTable.notRunning')}</Banner>
        ) : scanned?.ok ? (
          <>
            <p>{t('order.changeTable.confirm', { id: order.order_id, from })}</p>
            {error ? <Banner tone="error">{error}</Banner> : null}
            <div className="dn-actions">
              <Button loading={moving} onClick={() => void move(scanned)}>
                {t('order.changeTable.move')}
              </Button>
              <Button variant="secondary" icon="qr" onClick={scan}>
                {t('order.changeTable.scanAgain')}
              </Button>
            </div>
          </>
        ) : (
          <>
            {scanned ? <Banner tone="error">{t(scanned.reason)}</Banner> : null}
            <p>{t('order.changeTable.body', { id: order.order_id, from })}</p>
            <Button icon="qr" onClick={scan}>
              {t('order.changeTable.scan')}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}

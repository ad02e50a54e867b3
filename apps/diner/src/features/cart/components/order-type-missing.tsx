import { Banner, Button } from '@santap/ui';
import { useT } from '../../../lib/use-t';

/** 'Please select order type' above the cart, with the way to choose it, until the diner has. */
export function OrderTypeMissing({ onChoose }: { onChoose: () => void }) {
  const { t } = useT();
  return (
    <Banner
      tone="warning"
      title={t('validation.selectOrderType')}
      action={
        <Button variant="secondary" onClick={onChoose}>
          {t('menu.orderType.change')}
        </Button>
      }
    />
  );
}

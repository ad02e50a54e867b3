import { useUiTranslation } from '@santap/ui';
import { errorText } from '@santap/web';
import { OrderBar } from './order-bar';
import { LazyOrderSettings } from './lazy-order-settings';
import type { MallInfo, Outlet } from '../lib/api-types';
import type { FcSession } from '../lib/fc-session';

/** Closed, or the step the order settings open on. */
export type SettingsStep = false | 'type' | 'address';

export interface OrderPanelProps {
  mall: MallInfo;
  outlets: readonly Outlet[];
  order: {
    session: FcSession;
    setSession: (session: FcSession) => void;
    removedOutlets: readonly string[];
  };
  /** The food court's cart: the settings warn about the outlets with lines in it. */
  cart: { items: readonly { restaurant_id: number }[] } | undefined;
  /** What went wrong with the order settings or the table QR (said in words under the bar). */
  problem: unknown;
  /** The order settings' step (the page may open them, e.g. before ordering). */
  step: SettingsStep;
  onStep: (step: SettingsStep) => void;
}

/** How the diner gets their food (`OrderBar`) and the order settings it opens, as every page shows them. */
export function OrderPanel({ mall, outlets, order, cart, problem, step, onStep }: OrderPanelProps) {
  const { t } = useUiTranslation();
  return (
    <>
      <OrderBar
        session={order.session}
        onChange={() => onStep('type')}
        onAddress={() => onStep('address')}
        removedOutlets={order.removedOutlets}
        {...(problem !== undefined ? { problem: errorText(problem, t) } : {})}
      />
      <LazyOrderSettings
        open={step}
        onClose={() => onStep(false)}
        mall={mall}
        outlets={outlets}
        outletIdsInCart={cart?.items.map((line) => line.restaurant_id) ?? []}
        session={order.session}
        onSave={(next) => {
          order.setSession(next);
          onStep(false);
        }}
      />
    </>
  );
}

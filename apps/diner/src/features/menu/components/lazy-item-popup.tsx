import { Suspense, lazy, useEffect } from 'react';
import { withCatalogueGroup } from '@santap/web';
import { whenIdle } from '../../../lib/when-idle';
import type { ItemPopupProps } from './item-popup';

const loadItemPopup = withCatalogueGroup('later', () => import('./item-popup'));
const ItemPopup = lazy(() => loadItemPopup().then((module) => ({ default: module.ItemPopup })));

/**
 * The dish popup (variants, add-ons, the option rules of `@santap/domain`), loaded apart from the
 * menu: reading the menu does not need it, so it stays out of the menu's first load (the size
 * budget). It is fetched once the page is idle, so the first tap on a dish opens it at once.
 */
export function LazyItemPopup(props: ItemPopupProps) {
  useEffect(() => whenIdle(() => void loadItemPopup().catch(() => undefined)), []);
  if (!props.item) return null;
  return (
    <Suspense fallback={null}>
      <ItemPopup {...props} />
    </Suspense>
  );
}

import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { staff } from '@santap/api-client';
import type { Currency } from '@santap/domain';
import { Banner, Button, MoneyText, Spinner, TextField, useToast, useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { api } from '../../../lib/api';
import { DishEditor } from '../components/dish-editor';
import { PhotoUpload } from '../components/photo-upload';
import { MenuImport } from '../components/menu-import';
import type { StaffDish, StaffMenu } from '../components/dish-editor';
import { orderTypeLabel } from '../lib/order-types';
import '../menu.css';
import { errorText } from '@santap/web';

type OptionChange = { group_id: string; option_id: string; available: boolean };

/**
 * `/menu`: every category and dish of the restaurant. Kitchen and manager mark a dish or one of its
 * options sold out and back (`staff.itemStock`; diners' menus show it within seconds); a manager also
 * edits a dish (price, names in en/id/my, category, order types). Server and business roles: refused.
 */
export function Component() {
  const me = useStaffMe();
  const { t } = useUiTranslation();
  const toast = useToast();
  const manager = me.staff.role === 'manager';
  const allowed = manager || me.staff.role === 'kitchen';
  const [menu, setMenu] = useState<StaffMenu | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<StaffDish | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  const load = useCallback(async () => {
    try {
      setMenu(await api.call(staff.staffMenu, {}));
      setError(null);
    } catch (failure) {
      setError(errorText(failure, t));
    }
  }, [t]);
  useEffect(() => {
    if (allowed) void load();
  }, [allowed, load]);

  const replace = useCallback((dish: StaffDish) => {
    setMenu((before) =>
      before ? { ...before, items: before.items.map((item) => (item.id === dish.id ? dish : item)) } : before,
    );
  }, []);

  /** Sends a stock change; the row shows it at once and goes back if the server refuses. */
  const changeStock = useCallback(
    async (dish: StaffDish, change: { in_stock?: boolean; options?: OptionChange[] }) => {
      const optimistic: StaffDish = {
        ...dish,
        in_stock: change.in_stock ?? dish.in_stock,
        option_groups: dish.option_groups.map((group) => ({
          ...group,
          options: group.options.map((option) => {
            const hit = change.options?.find((o) => o.group_id === group.id && o.option_id === option.id);
            return hit ? { ...option, available: hit.available } : option;
          }),
        })),
      };
      replace(optimistic);
      setPending((before) => new Set(before).add(dish.id));
      try {
        await api.call(staff.staffItemStock, { params: { itemId: dish.id }, body: change });
        if (change.in_stock !== undefined) {
          toast.show(
            change.in_stock
              ? t('staff.menu.nowInStock', { name: dish.name })
              : t('staff.menu.nowSoldOut', { name: dish.name }),
            { tone: 'success' },
          );
        }
      } catch (failure) {
        replace(dish);
        toast.show(errorText(failure, t), { tone: 'error' });
      } finally {
        setPending((before) => {
          const next = new Set(before);
          next.delete(dish.id);
          return next;
        });
      }
    },
    [replace, t, toast],
  );

  const sections = useMemo(() => {
    if (!menu) return [];
    const needle = query.trim().toLowerCase();
    const matches = (dish: StaffDish) =>
      !needle || Object.values(dish.names).some((name) => name.toLowerCase().includes(needle));
    return menu.categories
      .map((category) => ({
        category,
        dishes: menu.items.filter((dish) => dish.category_id === category.id && matches(dish)),
      }))
      .filter((section) => section.dishes.length > 0);
  }, [menu, query]);

  if (!allowed) return <Banner tone="error">{t('errors.forbidden')}</Banner>;

  return (
    <main className="staff-page staff-menu">
      <div className="staff-menu__head">
        <h1>{t('staff.menu.title')}</h1>
        <TextField
          label={t('staff.menu.search')}
          hideLabel
          placeholder={t('staff.menu.search')}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {manager && menu ? (
        <PhotoUpload
          wide
          title={t('staff.menu.restaurantPhoto')}
          hint={t('staff.menu.restaurantPhotoHint')}
          label={me.restaurant.name}
          photo={menu.restaurant_photo}
          upload={async (file) => (await api.call(staff.staffRestaurantPhoto, {}, { file })).photo}
          onUploaded={(photo) =>
            setMenu((before) => (before ? { ...before, restaurant_photo: photo } : before))
          }
        />
      ) : null}
      {manager ? <MenuImport onImported={() => void load()} /> : null}
      {error ? (
        <Banner tone="error">
          {error} <Button onClick={() => void load()}>{t('staff.retry')}</Button>
        </Banner>
      ) : null}
      {!menu && !error ? <Spinner label={t('staff.loading')} /> : null}
      {menu && sections.length === 0 ? <p>{t('staff.menu.empty')}</p> : null}
      {sections.map(({ category, dishes }) => (
        <section key={category.id} className="staff-menu__section" aria-label={category.name}>
          <h2>{category.name}</h2>
          <ul className="staff-menu__dishes">
            {dishes.map((dish) => (
              <li key={dish.id}>
                <DishRow
                  dish={dish}
                  currency={menu!.currency as Currency}
                  allTypes={menu!.order_types}
                  busy={pending.has(dish.id)}
                  onStock={changeStock}
                  onEdit={manager ? setEditing : undefined}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {editing && menu ? (
        <DishEditor
          dish={editing}
          menu={menu}
          onClose={() => setEditing(null)}
          onPhoto={(dish) => {
            replace(dish);
            setEditing(dish);
          }}
          onSaved={(dish) => {
            replace(dish);
            setEditing(null);
            toast.show(t('staff.menu.saved', { name: dish.name }), { tone: 'success' });
          }}
        />
      ) : null}
    </main>
  );
}

/** One dish: name, price, sold-out state and the order types it is for; its stock switch and options. */
const DishRow = memo(function DishRow({
  dish,
  currency,
  allTypes,
  busy,
  onStock,
  onEdit,
}: {
  dish: StaffDish;
  currency: Currency;
  allTypes: number[];
  busy: boolean;
  onStock: (dish: StaffDish, change: { in_stock?: boolean; options?: OptionChange[] }) => Promise<void>;
  onEdit: ((dish: StaffDish) => void) | undefined;
}) {
  const { t } = useUiTranslation();
  const titleId = useId();
  const options = dish.option_groups.flatMap((group) => group.options.map((option) => ({ group, option })));
  const partial = allTypes.some((type) => !dish.order_types.includes(type));
  return (
    <article className={`staff-dish${dish.in_stock ? '' : ' staff-dish--out'}`} aria-labelledby={titleId}>
      <div className="staff-dish__main">
        <h3 id={titleId} className="staff-dish__name">
          {dish.name}
        </h3>
        <span className="staff-dish__facts">
          <MoneyText amount={dish.price} currency={currency} />
          {dish.in_stock ? null : <b className="staff-dish__out">{t('staff.menu.soldOut')}</b>}
          {partial ? (
            <span>{dish.order_types.map((type) => orderTypeLabel(type, t)).join(' · ')}</span>
          ) : null}
        </span>
      </div>
      <div className="staff-dish__actions">
        <Button
          variant={dish.in_stock ? 'secondary' : 'primary'}
          disabled={busy}
          onClick={() => void onStock(dish, { in_stock: !dish.in_stock })}
        >
          {dish.in_stock ? t('staff.menu.markSoldOut') : t('staff.menu.markInStock')}
        </Button>
        {onEdit ? (
          <Button variant="ghost" onClick={() => onEdit(dish)}>
            {t('staff.menu.edit')}
          </Button>
        ) : null}
      </div>
      {options.length > 0 ? (
        <details className="staff-dish__options">
          <summary>{t('staff.menu.options', { count: options.length })}</summary>
          <p className="staff-dish__hint">{t('staff.menu.optionsHint')}</p>
          <ul>
            {options.map(({ group, option }) => (
              <li key={`${group.id}/${option.id}`}>
                <label className="staff-dish__option">
                  <input
                    type="checkbox"
                    checked={option.available}
                    disabled={busy}
                    onChange={(event) =>
                      void onStock(dish, {
                        options: [
                          { group_id: group.id, option_id: option.id, available: event.target.checked },
                        ],
                      })
                    }
                  />
                  <span>
                    {group.name}: {option.name}
                  </span>
                  {option.available ? null : <b className="staff-dish__out">{t('staff.menu.soldOut')}</b>}
                </label>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
});

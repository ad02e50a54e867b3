import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { AuthRequired, reviews } from '@santap/api-client';
import { Banner, Button, Page } from '@santap/ui';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { loginRedirect } from '../../../lib/login-redirect';
import { useT } from '../../../lib/use-t';
import { loadReview } from '../api/load-review';
import type { OrderReviewsData, ReviewPageData } from '../api/load-review';
import { DishReview } from '../components/dish-review';
import type { DishReviewDraft } from '../components/dish-review';
import '../reviews.css';
import { errorText } from '@santap/web';

export const loader = loadReview;

/**
 * `/review/order_id/:order_id` — the feedback and review screen after an order completes (spec §2,
 * §7 `/api/review/create.php`), reached from the order status and summary pages of a completed
 * order: each dish gets 1–5 stars and an optional comment. Dishes rated before show their rating and
 * can be changed; sending again replaces them.
 */
export function Component() {
  const data = useLoaderData() as ReviewPageData;
  const { t } = useT();
  const navigate = useNavigate();
  if (data.kind === 'ready') return <ReviewForm key={data.order.order_id} initial={data.order} />;
  const back = data.orderId !== undefined ? paths.orderStatus(data.orderId) : paths.home();
  return (
    <Page title={t('review.title')} onBack={() => navigate(back)}>
      <Banner tone="error">{errorText(data.error, t)}</Banner>
      <p>
        <Link to={back}>{t('review.backToOrder')}</Link>
      </p>
    </Page>
  );
}

const draftsOf = (order: OrderReviewsData): Record<number, DishReviewDraft> =>
  Object.fromEntries(
    order.items.map((item) => [
      item.order_item_id,
      { rating: item.review?.rating, comment: item.review?.comment ?? '' },
    ]),
  );

function ReviewForm({ initial }: { initial: OrderReviewsData }) {
  const { t } = useT();
  const navigate = useNavigate();
  const [order, setOrder] = useState(initial);
  const [drafts, setDrafts] = useState(() => draftsOf(initial));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const rated = order.items.flatMap((item) => {
      const draft = drafts[item.order_item_id];
      if (!draft?.rating) return [];
      const comment = draft.comment.trim();
      return [{ order_item_id: item.order_item_id, rating: draft.rating, ...(comment ? { comment } : {}) }];
    });
    setSaved(false);
    if (rated.length === 0) {
      setError(t('review.rateOne'));
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setSaving(true);
    setError(undefined);
    try {
      const reply = await api.call(reviews.reviewCreate, {
        body: { order_id: order.order_id, reviews: rated },
      });
      setOrder(reply);
      setDrafts(draftsOf(reply));
      setSaved(true);
    } catch (failure) {
      if (failure instanceof AuthRequired) {
        navigate(loginRedirect({ path: paths.review(order.order_id) }));
        return;
      }
      setError(errorText(failure, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Page title={t('review.title')} onBack={() => navigate(paths.orderStatus(order.order_id))}>
      <p className="rv-intro">{t('review.intro', { restaurant: order.restaurant_name })}</p>
      {order.items.length === 0 ? (
        <p>{t('review.none')}</p>
      ) : (
        <form className="rv-form" onSubmit={(event) => void submit(event)} noValidate>
          <ul className="rv-dishes">
            {order.items.map((item) => (
              <DishReview
                key={item.order_item_id}
                item={item}
                draft={drafts[item.order_item_id] ?? { rating: undefined, comment: '' }}
                disabled={saving}
                onChange={(draft) => {
                  setSaved(false);
                  setDrafts((current) => ({ ...current, [item.order_item_id]: draft }));
                }}
              />
            ))}
          </ul>
          {error ? <Banner tone="error">{error}</Banner> : null}
          {saved ? (
            <Banner
              tone="success"
              action={
                <Link className="st-button st-button--secondary" to={paths.menu(order.nameid)}>
                  {order.restaurant_name}
                </Link>
              }
            >
              {t('review.saved')}
            </Banner>
          ) : null}
          <Button type="submit" loading={saving} fullWidth>
            {t('review.submit')}
          </Button>
        </form>
      )}
      <p>
        <Link to={paths.orderStatus(order.order_id)}>{t('review.backToOrder')}</Link>
      </p>
    </Page>
  );
}

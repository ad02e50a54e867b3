import { reviews } from '@santap/api-client';
import { StarRatingInput, TextArea } from '@santap/ui';
import { useT } from '../../../lib/use-t';
import type { OrderReviewsData } from '../api/load-review';

export interface DishReviewDraft {
  rating: number | undefined;
  comment: string;
}

export interface DishReviewProps {
  item: OrderReviewsData['items'][number];
  draft: DishReviewDraft;
  onChange: (draft: DishReviewDraft) => void;
  disabled: boolean;
}

/** One dish of the order: its 1–5 stars (keyboard: arrow keys) and an optional comment. */
export function DishReview({ item, draft, onChange, disabled }: DishReviewProps) {
  const { t } = useT();
  return (
    <li className="rv-dish">
      <StarRatingInput
        legend={item.name}
        hint={t('review.quantity', { quantity: item.quantity })}
        name={`rating-${item.order_item_id}`}
        value={draft.rating}
        disabled={disabled}
        onChange={(rating) => onChange({ ...draft, rating })}
      />
      <TextArea
        label={t('review.comment', { dish: item.name })}
        value={draft.comment}
        maxLength={reviews.REVIEW_COMMENT_MAX}
        showCount
        disabled={disabled}
        onChange={(event) => onChange({ ...draft, comment: event.target.value })}
      />
    </li>
  );
}

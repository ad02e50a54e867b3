import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderIn } from '../test/render';
import { DishRating } from './dish-rating';
import { StarRatingInput } from './star-rating-input';

afterEach(cleanup);

describe('StarRatingInput', () => {
  it('tap the 4th star -> onChange(4); each star named "n of 5 stars" inside the dish fieldset', async () => {
    const onChange = vi.fn();
    renderIn(<StarRatingInput legend="Nasi Lemak" value={undefined} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Nasi Lemak' });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    await userEvent.setup().click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('value 3, arrow right on the keyboard -> onChange(4) (native radios)', async () => {
    const onChange = vi.fn();
    renderIn(<StarRatingInput legend="Teh Tarik" value={3} onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3 of 5 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith(4);
  });

  it('value 2 -> two stars filled, three outlined; the 2nd radio checked', () => {
    const { container } = renderIn(<StarRatingInput legend="Roti" value={2} onChange={() => undefined} />);
    expect(container.querySelectorAll('.st-star--on')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: '2 of 5 stars' })).toHaveProperty('checked', true);
  });

  it('Malay -> stars named in Malay; an error is announced', () => {
    renderIn(
      <StarRatingInput legend="Roti" value={undefined} onChange={() => undefined} error="Pilih bintang" />,
      'my',
    );
    expect(screen.getByRole('radio', { name: '5 daripada 5 bintang' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Pilih bintang');
  });
});

describe('DishRating', () => {
  it('4.5 from 12 in English -> "4.5 (12)" shown, one sentence read', () => {
    renderIn(<DishRating average={4.5} count={12} />);
    const rating = screen.getByRole('img', { name: 'Rating 4.5 out of 5, reviews: 12' });
    expect(rating.textContent).toBe('4.5(12)');
  });

  it('4 from 1234 in Indonesian -> "4,0" and "1.234"', () => {
    renderIn(<DishRating average={4} count={1234} />, 'id');
    expect(screen.getByRole('img', { name: 'Nilai 4,0 dari 5, ulasan: 1.234' })).toBeTruthy();
  });
});

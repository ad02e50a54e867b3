/** A five-pointed star (24 × 24), filled or outlined in the current colour; decorative. */
export function StarShape({ filled, size = 28 }: { filled: boolean; size?: number }) {
  return (
    <svg
      className="st-star__shape"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinejoin="round"
    >
      <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3-4.6-4.4 6.3-.9z" />
    </svg>
  );
}

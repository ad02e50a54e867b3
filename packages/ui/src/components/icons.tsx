import type { ReactNode, SVGProps } from 'react';

/**
 * Inline SVG icons (24 × 24, stroke = currentColor): no icon font, no dependency, no request.
 * Icons are decorative (`aria-hidden`): every control that shows one also has a text name.
 */
const PATHS = {
  back: <path d="M15 5l-7 7 7 7" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>
  ),
  warning: (
    <>
      <path d="M12 3.5L2.5 20h19L12 3.5z" />
      <path d="M12 10v4.5M12 17.5v.5" />
    </>
  ),
  error: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  gluten: (
    <>
      <path d="M12 21V8" />
      <path d="M12 8c-2.5 0-3.5-2-3.5-4 2 0 3.5 1.5 3.5 4zM12 8c2.5 0 3.5-2 3.5-4-2 0-3.5 1.5-3.5 4z" />
      <path d="M12 13c-2.5 0-3.5-2-3.5-4 2 0 3.5 1.5 3.5 4zM12 13c2.5 0 3.5-2 3.5-4-2 0-3.5 1.5-3.5 4z" />
      <path d="M12 18c-2.5 0-3.5-2-3.5-4 2 0 3.5 1.5 3.5 4zM12 18c2.5 0 3.5-2 3.5-4-2 0-3.5 1.5-3.5 4z" />
    </>
  ),
  fish: (
    <>
      <path d="M3 12c3-5 9-6 13-2l5-3v10l-5-3c-4 4-10 3-13-2z" />
      <circle cx="8" cy="11" r=".8" />
    </>
  ),
  nuts: (
    <>
      <ellipse cx="12" cy="13" rx="6" ry="7" />
      <path d="M12 6V3M9 10c1 1 5 1 6 0" />
    </>
  ),
  seafood: (
    <>
      <path d="M5 15c0-5 4-9 9-9 3 0 5 2 5 4s-2 3-4 3h-3c-2 0-3 1-3 3v3" />
      <path d="M9 12l-3-2M9 16l-4 1" />
    </>
  ),
  shellfish: (
    <>
      <path d="M4 16a8 8 0 0116 0z" />
      <path d="M12 8v8M8 9.5l2 6.5M16 9.5l-2 6.5M7 19h10" />
    </>
  ),
  halal: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l3 3 5-6" />
    </>
  ),
  noPork: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </>
  ),
  alcohol: (
    <>
      <path d="M7 3h10l-1 7a4 4 0 01-8 0L7 3z" />
      <path d="M12 14v6M8.5 21h7" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  leaf: <path d="M5 19c0-9 5-14 15-14 0 10-5 15-14 15M5 19l7-7" />,
  copy: (
    <>
      <rect x="8" y="8" width="12" height="12" rx="2" />
      <path d="M16 8V5a1 1 0 00-1-1H5a1 1 0 00-1 1v10a1 1 0 001 1h3" />
    </>
  ),
  share: (
    <>
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="6" r="2.5" />
      <circle cx="18" cy="18" r="2.5" />
      <path d="M8.3 10.8l7.4-3.6M8.3 13.2l7.4 3.6" />
    </>
  ),
  external: <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5L12 13l8.5-6.5" />
    </>
  ),
  gift: (
    <>
      <rect x="4" y="9" width="16" height="11" rx="1" />
      <path d="M3 9h18M12 9v11M12 9c-2-4-6-4-6-1.5S12 9 12 9zM12 9c2-4 6-4 6-1.5S12 9 12 9z" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10" width="14" height="10" rx="2" />
      <path d="M8 10V7a4 4 0 018 0v3" />
    </>
  ),
  qr: (
    <>
      <rect x="4" y="4" width="6" height="6" />
      <rect x="14" y="4" width="6" height="6" />
      <rect x="4" y="14" width="6" height="6" />
      <path d="M14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
    </>
  ),
  repeat: <path d="M4 12a8 8 0 0114-5.3L20 9M20 4v5h-5M20 12a8 8 0 01-14 5.3L4 15M4 20v-5h5" />,
  /** A banknote: paying in cash (a tick would read as a choice already made). */
  cash: (
    <>
      <rect x="3" y="6" width="18" height="12" rx="2" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M6.5 9.5v5M17.5 9.5v5" />
    </>
  ),
  tag: (
    <>
      <path d="M3 12V4h8l10 10-8 8L3 12z" />
      <circle cx="7.5" cy="8" r="1.3" />
    </>
  ),
} satisfies Record<string, ReactNode>;

/** The name of an inline icon. */
export type IconName = keyof typeof PATHS;

/** Props of {@link Icon}: the icon's name and an optional pixel size (default 24). */
export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  name: IconName;
  size?: number;
}

/** A decorative inline SVG icon; give the control that holds it a text name. */
export function Icon({ name, size = 24, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {PATHS[name]}
    </svg>
  );
}

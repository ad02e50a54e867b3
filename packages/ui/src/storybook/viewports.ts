/**
 * The screens Santap runs on, as Storybook viewports. `phone` (360 × 640, the spec's smallest phone)
 * is the default, so popups open as the phone's bottom sheet (`.st-dialog--sheet` below 600 px).
 */
export const VIEWPORTS = {
  phone: { name: 'Phone 360 × 640', styles: { width: '360px', height: '640px' }, type: 'mobile' },
  phoneLarge: { name: 'Large phone 414 × 896', styles: { width: '414px', height: '896px' }, type: 'mobile' },
  kitchenTablet: {
    name: 'Kitchen tablet 1024 × 768',
    styles: { width: '1024px', height: '768px' },
    type: 'tablet',
  },
  kioskPortrait: {
    name: 'Kiosk portrait 1080 × 1920',
    styles: { width: '1080px', height: '1920px' },
    type: 'desktop',
  },
  kioskLandscape: {
    name: 'Kiosk landscape 1920 × 1080',
    styles: { width: '1920px', height: '1080px' },
    type: 'desktop',
  },
  sideBySide: {
    name: 'Three phones side by side',
    styles: { width: '1152px', height: '720px' },
    type: 'desktop',
  },
} as const;

export type ViewportName = keyof typeof VIEWPORTS;
export const DEFAULT_VIEWPORT: ViewportName = 'phone';

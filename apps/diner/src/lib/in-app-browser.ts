/** In-app browsers (webviews) the diner may be in after tapping a link inside a social app. */
export type InAppBrowser = 'instagram' | 'facebook' | 'line' | 'whatsapp';

const PATTERNS: readonly (readonly [InAppBrowser, RegExp])[] = [
  ['instagram', /\bInstagram\b/i],
  ['facebook', /\bFB(AN|AV|_IAB|IOS)\b|\bFBAN\/|\bFBAV\/|\bFB4A\b/i],
  ['line', /\bLine\/\d/i],
  ['whatsapp', /\bWhatsApp\b/i],
];

/**
 * The in-app browser a user agent belongs to, or `undefined` for an ordinary browser. Logins and
 * payments redirect through other sites and may lose the cart in these webviews, so the app suggests
 * opening the page in the phone's browser (spec §2 in-app-browser notices, §8 'switching browser').
 *
 * @example inAppBrowserOf('Mozilla/5.0 (iPhone; …) Instagram 300.0.0') // 'instagram'
 */
export function inAppBrowserOf(userAgent: string): InAppBrowser | undefined {
  for (const [name, pattern] of PATTERNS) if (pattern.test(userAgent)) return name;
  return undefined;
}

// The shell's popups, in a chunk of their own (lazy-popups.tsx loads it).
export { ExitPagePopup, InAppBrowserPopup, LanguagePopup } from '@santap/ui';

// The offers popups, in a chunk of their own (offers.tsx loads it on first open).
export { CouponsPopup, DiscountsPopup } from '@santap/ui';

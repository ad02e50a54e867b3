import { santapApp } from '@santap/vite-config';

// The API serves the built app under `/staff/` (`pnpm start`); in development Vite proxies the API.
// The staff console has no diner account, sign-in, reviews or food-court screens: their
// words stay out of its catalogue (the same groups the kiosk leaves out, and the kiosk's own).
export default santapApp({
  base: '/staff/',
  port: 5176,
  catalogueLeaveOut: ['fc.', 'account.', 'auth.', 'review.', 'reco.', 'pay.kioskReturn.', 'kiosk.'],
});

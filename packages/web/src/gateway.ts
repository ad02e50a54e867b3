/**
 * Leaving the app for the payment gateway's hosted page (the simulator's in development). One object
 * so tests can replace `open` instead of navigating the test browser away.
 */
export const gateway = {
  open(url: string) {
    window.location.assign(url);
  },
};

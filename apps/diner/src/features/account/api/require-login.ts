import { redirect } from 'react-router';
import { loginRedirect } from '../../../lib/login-redirect';
import { storedAuth } from '../../../lib/session';

/** The page a loader runs for, as the login redirect's `path` (path and query). */
function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * `/login` with the login redirect of spec §2 (this browser, its cart token), so the diner comes back
 * to this account page afterwards.
 */
export function toLogin(request: Request): Response {
  return redirect(loginRedirect({ path: pathOf(request) }));
}

/**
 * The account pages need a logged-in diner (spec §6): a guest, or nobody, is sent to log in first and
 * brought back. A token the server no longer accepts is caught where the calls fail (`AuthRequired`).
 */
export function requireLogin(request: Request): void {
  const auth = storedAuth();
  if (!auth || auth.status !== 'ACTIVE') throw toLogin(request);
}

const SESSION_ID_KEY = 'santap.sessionId';

/**
 * The browser session's id (spec §3 Session: sessionId): one random UUID per tab session, kept in
 * sessionStorage so a reload keeps it and a new tab starts a new one. Carried by the login redirect.
 */
export function browserSessionId(): string {
  try {
    const existing = sessionStorage.getItem(SESSION_ID_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    sessionStorage.setItem(SESSION_ID_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

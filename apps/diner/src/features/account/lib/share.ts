import { paths } from '../../../config/paths';

/** What sharing an invite came to: `cancelled` when the diner closed the share sheet. */
export type ShareOutcome = 'shared' | 'copied' | 'copyFailed' | 'cancelled';

export interface Invite {
  title: string;
  text: string;
  url: string;
}

/**
 * Shares an invite with the phone's share sheet (`navigator.share`, Web Share API); where there is
 * none (most desktops, some in-app browsers) or it refuses, copies the text and link instead.
 */
export async function shareInvite(invite: Invite): Promise<ShareOutcome> {
  const data = { title: invite.title, text: invite.text, url: invite.url };
  if (typeof navigator.share === 'function' && (!navigator.canShare || navigator.canShare(data))) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and friends: fall back to copying.
    }
  }
  try {
    await navigator.clipboard.writeText(`${invite.text} ${invite.url}`);
    return 'copied';
  } catch {
    return 'copyFailed';
  }
}

/**
 * The invite's link: the signup page with the code in `?ref` (the signup keeps it through the OTP and
 * applies it once the friend's account is made).
 */
export function signupLink(code: string, origin = window.location.origin): string {
  const url = new URL(paths.signup(), origin);
  url.searchParams.set('ref', code);
  return url.href;
}

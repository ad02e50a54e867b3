import type { SupportedLanguage } from '@santap/i18n';
import { paths } from '../config/paths';
import { browserSessionId } from './browser-session';
import type { OrderSession } from './order-session';
import { loginRedirect } from './login-redirect';

export interface LoginQueryInput {
  /** The page to come back to, with its query (the cart). */
  path: string;
  /** The restaurant's menu path, the fallback when `path` is lost. */
  menuPath: string;
  session: OrderSession | undefined;
  language: SupportedLanguage;
}

/**
 * `/login` with the query of spec §2: otpless, browser, scanThroughQr, menu_path, path, cartToken,
 * sessionId, language, and date / epoch / orderTime / time / selectedTime when the order is scheduled.
 * The login page (features/auth) reads it back; this is the only contract between the two.
 * `otpless=1`: WhatsApp login is offered first (the usual channel in Malaysia and Indonesia).
 */
export function loginPathFor({ path, menuPath, session, language }: LoginQueryInput): string {
  const context = session?.context;
  const scheduled = context?.orderTime === 'SCHEDULED';
  return loginRedirect(
    {
      otpless: true,
      scanThroughQr: session?.scanThroughQr ?? false,
      menu_path: menuPath,
      path,
      sessionId: browserSessionId(),
      language,
      ...(scheduled
        ? {
            date: context.date,
            epoch: context.epoch,
            orderTime: context.orderTime,
            time: context.time,
            selectedTime: context.selectedTime,
          }
        : {}),
    },
    paths.login(),
  );
}

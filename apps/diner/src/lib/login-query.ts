import { isSupportedLanguage } from '@santap/i18n';
import type { SupportedLanguage } from '@santap/i18n';
import { paths } from '../config/paths';
import { apiLanguage } from './api';
import { browserSessionId } from './browser-session';
import { readOrderSession } from './order-session';
import type { OrderSession } from './order-session';
import { loginRedirect } from './login-redirect';

export interface LoginQueryInput {
  /** The page to come back to, with its query (the cart, the payment, the order). */
  path: string;
  /** The restaurant's menu path, the fallback when `path` is lost; unknown before an order loads. */
  menuPath?: string | undefined;
  /** The order session at that restaurant: whether the diner scanned a QR, the scheduled time. */
  session?: OrderSession | undefined;
  /** Defaults to the language the app speaks now (the API's accept-language). */
  language?: SupportedLanguage | undefined;
}

/**
 * `/login` with the query of spec §2: otpless, browser, scanThroughQr, menu_path, path, cartToken,
 * sessionId, language, and date / epoch / orderTime / time / selectedTime when the order is scheduled.
 * Every place that sends a diner to login goes through this (the cart, the payments page, the order
 * pages), so a login finished in another browser comes back to the same page, cart and language.
 * The login page (features/auth) reads it back; this is the only contract between the two.
 * `otpless=1`: WhatsApp login is offered first (the usual channel in Malaysia and Indonesia).
 */
export function loginPathFor({ path, menuPath, session, language }: LoginQueryInput): string {
  const context = session?.context;
  const scheduled = context?.orderTime === 'SCHEDULED';
  const current = apiLanguage();
  return loginRedirect(
    {
      otpless: true,
      scanThroughQr: session?.scanThroughQr ?? false,
      menu_path: menuPath,
      path,
      sessionId: browserSessionId(),
      language: language ?? (isSupportedLanguage(current) ? current : undefined),
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

/** {@link loginPathFor} for a page of one restaurant's order: its menu and its order session. */
export function loginPathForRestaurant(path: string, nameid: string): string {
  return loginPathFor({ path, menuPath: paths.menu(nameid), session: readOrderSession(nameid) });
}

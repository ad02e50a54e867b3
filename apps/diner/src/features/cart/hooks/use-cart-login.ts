import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { loginPathFor } from '../../../lib/login-query';
import type { OrderSession } from '../../../lib/order-session';
import { useT } from '../../../lib/use-t';

/**
 * The cart's ways to log in, back to this cart (the login redirect query of spec §2): `toLogin`, and
 * `toSignupWithCode` for a guest's friend's code (the signup, applying `ref` to the new account).
 */
export function useCartLogin(scope: string, session: OrderSession, menuPath: string) {
  const { language } = useT();
  const navigate = useNavigate();
  const loginPath = useCallback(
    () =>
      loginPathFor({
        path: paths.cart(scope, session.context.orderType, session.context.pickupType),
        menuPath,
        session,
        language,
      }),
    [language, menuPath, scope, session],
  );
  const toLogin = useCallback(() => navigate(loginPath()), [loginPath, navigate]);
  const toSignupWithCode = (code: string) => {
    const url = new URL(loginPath(), window.location.origin);
    url.pathname = paths.signup();
    url.searchParams.set('ref', code);
    navigate(`${url.pathname}${url.search}`);
  };
  return { toLogin, toSignupWithCode };
}

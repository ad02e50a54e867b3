import { LoginFlow } from '../components/login-flow';

/** `/login` (spec §2): mobile OTP or WhatsApp, then back to the page in the login redirect. */
export function Component() {
  return <LoginFlow mode="login" />;
}

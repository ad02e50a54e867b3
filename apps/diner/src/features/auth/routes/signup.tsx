import { LoginFlow } from '../components/login-flow';

/** `/signup` (spec §2): the same OTP flow; a new number becomes an account, then date of birth or corporate entity. */
export function Component() {
  return <LoginFlow mode="signup" />;
}

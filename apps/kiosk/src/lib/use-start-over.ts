import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { useSession } from './session';
import { useKiosk } from './kiosk-context';

/** Clears the customer's order and language and goes back to the attract screen. */
export function useStartOver(): () => void {
  const session = useSession();
  const kiosk = useKiosk();
  const navigate = useNavigate();
  return useCallback(() => {
    session.reset();
    kiosk.resetLanguage();
    void navigate(paths.attract, { replace: true });
  }, [session, kiosk, navigate]);
}

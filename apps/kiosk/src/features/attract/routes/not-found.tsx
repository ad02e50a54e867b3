import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';

/** An unknown kiosk path (an old bookmark): back to the attract screen. */
export function Component() {
  return <Navigate to={paths.attract} replace />;
}

import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';

/** Old `/index.php*` bookmarks land on home (spec §2); the server redirects them too. */
export function Component() {
  return <Navigate to={paths.home()} replace />;
}

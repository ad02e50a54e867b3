import { NavLink } from 'react-router';
import { useUiTranslation } from '@santap/ui';
import { useStaffMe } from '../../../lib/staff-context';
import { paths } from '../../../config/paths';
import { FRONT_OF_HOUSE } from '../../../lib/roles';

/** The top bar's links to the counter and the bookings, for the roles that use them. */
export function DeskLinks() {
  const me = useStaffMe();
  const { t } = useUiTranslation();
  if (!FRONT_OF_HOUSE.includes(me.staff.role)) return null;
  return (
    <>
      <NavLink to={paths.counter}>{t('staff.nav.counter')}</NavLink>
      <NavLink to={paths.bookings}>{t('staff.nav.bookings')}</NavLink>
    </>
  );
}

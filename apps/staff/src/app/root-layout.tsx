import { Fragment, useEffect, useState } from 'react';
import { NavLink, Navigate, Outlet, useLocation } from 'react-router';
import { staff } from '@santap/api-client';
import { Banner, Button, Spinner, useUiTranslation } from '@santap/ui';
import { paths } from '../config/paths';
import { DeviceSettings } from '../components/device-settings';
import { DeskLinks } from '../features/counter/components/desk-links';
import { PauseControl } from '../features/pause/components/pause-control';
import { api, setApiCountry } from '../lib/api';
import { roleLabel } from '../lib/roles';
import { setStaffToken, useStaffToken } from '../lib/session';
import { StaffContext } from '../lib/staff-context';
import type { StaffMe } from '../lib/staff-context';
import { errorText } from '@santap/web';

/**
 * Every screen but the login: asks who the token is (`GET /api/staff/me`), sends a device without a
 * valid token to the login, and shows the top bar (restaurant, screens the role has, log out).
 */
export function RootLayout() {
  const token = useStaffToken();
  const location = useLocation();
  const { t, language } = useUiTranslation();
  const [me, setMe] = useState<StaffMe | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .call(staff.staffMe, {})
      .then((reply) => {
        if (!live) return;
        setApiCountry(reply.restaurant.currency === 'IDR' ? 'ID' : 'MY');
        setMe(reply);
        setError(null);
      })
      .catch((failure: unknown) => live && setError(errorText(failure, t)));
    return () => {
      live = false;
    };
  }, [token, attempt, t]);

  if (!token) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (error)
    return (
      <main className="staff-center">
        <Banner tone="error">{error}</Banner>
        <Button onClick={() => setAttempt((n) => n + 1)}>{t('staff.retry')}</Button>
      </main>
    );
  if (!me)
    return (
      <main className="staff-center" aria-busy="true">
        <Spinner label={t('staff.loading')} />
      </main>
    );

  const logout = async () => {
    try {
      await api.call(staff.staffLogout, {});
    } finally {
      setStaffToken(null);
    }
  };

  return (
    <StaffContext.Provider value={me}>
      <header className="staff-bar">
        <strong className="staff-bar__place">{me.restaurant.name}</strong>
        <nav className="staff-bar__nav">
          <NavLink to={paths.board} end>
            {t('staff.nav.board')}
          </NavLink>
          {me.staff.role !== 'server' && me.staff.role !== 'business' ? (
            <NavLink to={paths.menu}>{t('staff.nav.menu')}</NavLink>
          ) : null}
          {me.staff.role === 'manager' ? (
            <NavLink to={paths.accounts}>{t('staff.nav.accounts')}</NavLink>
          ) : null}
          {me.staff.role === 'manager' ? <NavLink to={paths.printers}>{t('printers.nav')}</NavLink> : null}
          {me.staff.role === 'manager' || me.staff.role === 'business' ? (
            <NavLink to={paths.audit}>{t('staff.audit.nav')}</NavLink>
          ) : null}
          <DeskLinks />
        </nav>
        <PauseControl />
        <span className="staff-bar__who">
          {me.staff.username} · {t(roleLabel(me.staff.role))}
        </span>
        <DeviceSettings />
        <Button variant="ghost" className="staff-bar__logout" onClick={() => void logout()}>
          {t('staff.nav.logout')}
        </Button>
      </header>
      {/* A new language remounts the screen: it reads its data again in that language (dish names). */}
      <Fragment key={language}>
        <Outlet />
      </Fragment>
    </StaffContext.Provider>
  );
}

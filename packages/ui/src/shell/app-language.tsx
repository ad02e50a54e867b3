import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePopup } from '../popups/language-popup';
import { AppShellContext } from './app-shell';

/**
 * The language change popup of an app's root layout: provides `AppShellContext` (the header's
 * `LanguageButton` opens the popup) and switches the i18n instance to the language chosen.
 */
export function LanguageShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const shell = useMemo(() => ({ openLanguage: () => setOpen(true) }), []);
  return (
    <AppShellContext.Provider value={shell}>
      {children}
      <LanguagePopup
        open={open}
        onClose={() => setOpen(false)}
        onSelect={(language) => {
          setOpen(false);
          void i18n.changeLanguage(language);
        }}
      />
    </AppShellContext.Provider>
  );
}

import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { LanguagePopup } from '../popups/language-popup';
import { AppShellContext } from './app-shell';
import { useUiTranslation } from '../i18n/translation';

/**
 * The language change popup of an app's root layout: provides `AppShellContext` (the header's
 * `LanguageButton` opens the popup) and switches the i18n instance to the language chosen.
 */
export function LanguageShell({ children }: { children: ReactNode }) {
  const { i18n } = useUiTranslation();
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

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@santap/ui/styles.css';
import './app/staff.css';
import { startI18n, startLanguage } from './app/i18n';
import { AppProviders } from './app/providers';
import { startTheme } from './lib/theme';

startTheme();

const i18n = await startI18n(startLanguage());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} />
  </StrictMode>,
);

import { santapApp } from '@santap/vite-config';

// The API serves the built app under `/fc/` (`pnpm start`); in development Vite proxies the API.
// The kiosk's screens' words and the staff console's printing words are not the food court's
// (README: Size budget).
export default santapApp({
  base: '/fc/',
  port: 5174,
  catalogueLeaveOut: ['kiosk.', 'printers.', 'staff.audit.'],
  preload: { always: ['src/main.tsx'] },
  // The pages the server renders: their code is compiled while it downloads.
  compileHints: ['src/features/outlets/routes/mall-page.tsx', 'src/features/menu/routes/outlet-page.tsx'],
});

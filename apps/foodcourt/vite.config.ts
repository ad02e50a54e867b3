import { santapApp } from '@santap/vite-config';

// The API serves the built app under `/fc/` (`pnpm start`); in development Vite proxies the API.
export default santapApp({ base: '/fc/', port: 5174 });

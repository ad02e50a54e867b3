import { santapApp } from '@santap/vite-config';

// The API serves the built app at `/` (`pnpm start`); in development Vite proxies the API.
export default santapApp({ base: '/', port: 5173 });

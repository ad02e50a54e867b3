import { bootApp } from '@santap/ui/boot';

// The entry of index.html: the app's code runs once the page has painted (`bootApp`).
bootApp(() => import('./main'));

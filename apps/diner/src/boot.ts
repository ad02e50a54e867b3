import { bootApp } from '@santap/ui/boot';

// The entry of index.html: the app's code runs once the page has painted (`bootApp`), the framework
// first and the app in a task of its own.
bootApp([() => import('react-dom/client'), () => import('./main')]);

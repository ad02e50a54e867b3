import { server } from '@santap/vitest-config';

export default server;

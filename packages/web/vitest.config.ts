import { dom } from '@santap/vitest-config';
import { mergeConfig } from 'vitest/config';

export default mergeConfig(dom, { test: { setupFiles: ['src/test-setup.ts'] } });

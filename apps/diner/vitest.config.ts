import { dom } from '@santap/vitest-config';
import { catalogueSource } from '@santap/vite-config';
import { mergeConfig } from 'vitest/config';

/** Tests resolve the build's catalogue chunks (`virtual:santap-catalogue/*`) from source. */
export default mergeConfig(dom, {
  test: {
    setupFiles: ['src/test-setup.ts'],
    // Its tests replace modules (`vi.mock`): each file in its own module graph (@santap/vitest-config).
    isolate: true,
  },
  plugins: [catalogueSource()],
});

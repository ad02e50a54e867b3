import { defineConfig } from 'tsup';

// The server runs compiled JavaScript on plain Node 20: workspace packages are bundled from source,
// npm dependencies stay external (installed beside it), and the SQL migrations ship in ./drizzle.
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@santap\//],
});

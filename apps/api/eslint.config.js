import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { node } from '@santap/eslint-config';
import { floorsRule } from '@santap/eslint-config/floors';

const root = path.dirname(fileURLToPath(import.meta.url));
const table = JSON.parse(fs.readFileSync(path.join(root, 'floors.json'), 'utf8'));

/** The server's floors (README "Floors", floors.json): an import never runs up a floor. */
export default [
  ...node,
  {
    files: ['src/**/*.ts'],
    plugins: { santap: { rules: { floors: floorsRule } } },
    rules: { 'santap/floors': ['error', { table, root }] },
  },
];

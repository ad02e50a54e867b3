import { fileURLToPath } from 'node:url';

/** The checkout this harness belongs to (tooling/deploy/src -> the repository root). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

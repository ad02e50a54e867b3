import type { Linter } from 'eslint';

export declare const library: Linter.Config[];
export declare const node: Linter.Config[];
export declare const react: Linter.Config[];
declare const _default: Linter.Config[];
export default _default;

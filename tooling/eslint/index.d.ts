import type { Linter } from 'eslint';

export declare const library: Linter.Config[];
export declare const node: Linter.Config[];
export declare const react: Linter.Config[];
/** `@santap/ui`: `react`, plus no network, storage or `@santap/web` import. */
export declare const uiPackage: Linter.Config[];
/** `@santap/web`: `react`, plus no JSX (components) and no `@santap/ui` import. */
export declare const webPackage: Linter.Config[];
declare const _default: Linter.Config[];
export default _default;

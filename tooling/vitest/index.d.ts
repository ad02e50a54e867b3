import type { UserConfig } from 'vitest/config';

export declare const unit: UserConfig;
export declare const server: UserConfig;
export declare const dom: UserConfig;
declare const _default: UserConfig;
export default _default;

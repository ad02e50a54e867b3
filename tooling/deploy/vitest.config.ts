import { unit } from '@santap/vitest-config';

export default unit;

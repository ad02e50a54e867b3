import { react } from '@santap/eslint-config';

export default react;

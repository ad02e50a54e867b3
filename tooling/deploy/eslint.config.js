import { node } from '@santap/eslint-config';

export default node;

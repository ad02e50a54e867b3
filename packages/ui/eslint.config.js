import { uiPackage } from '@santap/eslint-config';

export default uiPackage;

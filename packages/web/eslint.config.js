import { webPackage } from '@santap/eslint-config';

export default webPackage;

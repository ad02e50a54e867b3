import { library } from '@santap/eslint-config';

export default library;

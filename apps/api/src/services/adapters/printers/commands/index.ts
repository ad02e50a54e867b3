/** The command encoders every printer protocol takes its payload from (README: which printer takes which). */
export { escPos, starPrnt } from './bytes';
export { eposPrintXml, EPOS_PRINT_NAMESPACE } from './epos-xml';
export { printableAsText, TEXT_CODEPAGE } from './codepage';
export { MAX_COPIES } from './rows';

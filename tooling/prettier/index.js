/** Shared Prettier settings; consumed through `"prettier": "@santap/prettier-config"` in package.json. */
export default {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};

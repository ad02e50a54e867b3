/** Served by `catalogueSplit()` / `catalogueSource()`: one language's words, one group. */
declare module 'virtual:santap-catalogue/*' {
  const words: Readonly<Record<string, string>>;
  export default words;
}

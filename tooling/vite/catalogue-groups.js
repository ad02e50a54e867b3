// The deferred catalogue groups of an app (README of @santap/vite-config: catalogue splitting), shared by
// the build (`catalogues.js`) and the size budget (`size-budget.js`, a plain Node bin: no Vite here).

/** A group's name: its virtual module's last segment and its i18next namespace. */
const GROUP_NAME = /^[a-z][a-z0-9-]*$/;
/** Groups the catalogue split itself owns: the start catalogue's namespace and the legal pages' text. */
const RESERVED = new Set(['translation', 'legal']);

/**
 * An app's deferred groups, `{ name: prefixes }`, from `santapApp`'s `catalogueGroups` and the older
 * `catalogueLater` (the prefixes of the `later` group, merged into it). Throws on a name that cannot be
 * a module path segment or namespace (`legal` and `translation` are taken), on a group without
 * prefixes, and on a prefix named twice: each prefix says where its keys go.
 * @param {{ later?: readonly string[], groups?: Readonly<Record<string, readonly string[]>> }} options
 * @returns {Record<string, string[]>}
 */
export function deferredGroups({ later = [], groups = {} } = {}) {
  /** @type {Record<string, string[]>} */
  const merged = Object.fromEntries(Object.entries(groups).map(([name, prefixes]) => [name, [...prefixes]]));
  if (later.length > 0) merged.later = [...(merged.later ?? []), ...later];
  const seen = new Map();
  for (const [name, prefixes] of Object.entries(merged)) {
    if (!GROUP_NAME.test(name) || RESERVED.has(name)) {
      throw new Error(
        `catalogue group '${name}': a name is lower-case letters, digits and '-', not legal or translation`,
      );
    }
    if (prefixes.length === 0) throw new Error(`catalogue group '${name}' has no key prefixes`);
    for (const prefix of prefixes) {
      if (!prefix) throw new Error(`catalogue group '${name}': an empty prefix would take every key`);
      if (seen.has(prefix)) {
        throw new Error(`catalogue key prefix '${prefix}' is in two groups (${seen.get(prefix)}, ${name})`);
      }
      seen.set(prefix, name);
    }
  }
  return merged;
}

/**
 * The deferred group a key (or the start of one, as a chunk names it: `` `tab.${kind}` `` -> `tab.`)
 * belongs to: the group of the longest prefix it starts with, so a group may take a few keys out of
 * another's prefix (`later: ['tab.link.']` beside `tab: ['tab.']`: the links to the tab from pages that
 * wait for `later` only). Undefined for a key of the start catalogue.
 * @param {string} key
 * @param {Readonly<Record<string, readonly string[]>>} groups
 * @returns {string | undefined}
 */
export function groupOfKey(key, groups) {
  let found;
  let length = -1;
  for (const [name, prefixes] of Object.entries(groups)) {
    for (const prefix of prefixes) {
      if (prefix.length > length && key.startsWith(prefix)) {
        found = name;
        length = prefix.length;
      }
    }
  }
  return found;
}

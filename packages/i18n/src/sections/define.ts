/**
 * A catalogue section: the words of one area of the product (a screen group, the popups of `ui`) in
 * the three languages, typed together so a key missing in id or my is a compile error where it is
 * written. Sections keep each area's strings beside each other and let areas grow without editing one
 * shared file; `resources` merges the base catalogues and every section.
 *
 * @example
 * ```ts
 * export const menuSection = defineSection({
 *   en: { 'menu.search': 'Search the menu' },
 *   id: { 'menu.search': 'Cari menu' },
 *   my: { 'menu.search': 'Cari menu' },
 * });
 * ```
 */
export function defineSection<const E extends Record<string, string>>(section: {
  en: E;
  id: Record<keyof E, string>;
  my: Record<keyof E, string>;
}) {
  return section;
}

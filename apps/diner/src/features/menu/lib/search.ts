import type { MenuItemData } from '../../../lib/api-types';

/** Lower case without accents, so 'cafe' finds 'Café' and 'ES TEH' finds 'es teh'. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Dishes whose name or description holds every word of the query, in menu order. */
export function searchItems(items: readonly MenuItemData[], query: string): MenuItemData[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = foldText(`${item.name} ${item.description}`);
    return words.every((word) => haystack.includes(word));
  });
}

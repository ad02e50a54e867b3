// Floors inside one package (ARCHITECTURE "Inside the API: floors"): a file stands on a floor, and on the
// floors that have areas, in an area of a rank; it imports only from floors below its own, from its own
// area, or from an area of lower rank on its own floor. Tests are not placed (they may import anything)
// but are still checked for circles by the package's own test. The package gives its table
// (`apps/api/floors.json`); this file holds the one way to read it, for the lint rule and that test.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a file stands: `{ floor, name, area, rank }`, or null for a file the table does not place.
 * `relPath` is relative to the package root, with `/` separators (`src/services/flows/ordering/x.ts`).
 */
export function placeOf(table, relPath) {
  for (const [floor, entry] of table.floors.entries()) {
    for (const p of entry.paths) {
      const isFolder = p.endsWith('/');
      if (isFolder ? !relPath.startsWith(p) : relPath !== p) continue;
      if (!entry.areas) return { floor, name: entry.name, area: null, rank: 0 };
      const area = relPath.slice(p.length).split('/')[0];
      // An area folder holds files; a file straight on an areas floor has no area.
      const rank = relPath.slice(p.length).includes('/') ? entry.areas.indexOf(area) : -1;
      return { floor, name: entry.name, area: rank < 0 ? null : area, rank };
    }
  }
  return null;
}

/** Files of a kind of integration (`src/services/adapters/payments/gateways/razer/…`): its folder. */
function integrationOf(table, relPath) {
  for (const root of table.integrations ?? []) {
    if (!relPath.startsWith(root)) continue;
    const rest = relPath.slice(root.length).split('/');
    return rest.length > 1 ? root + rest[0] + '/' : null;
  }
  return null;
}

/**
 * Why `from` may not import `to` (both relative to the package root), or null when it may. A test file
 * may import anything.
 */
export function refusalOf(table, from, to) {
  if (/\.test\.tsx?$/.test(from)) return null;
  const a = placeOf(table, from);
  const b = placeOf(table, to);
  if (!a) return `${from} stands on no floor: add its folder to floors.json`;
  if (!b) return null; // outside the table (a JSON fixture, a package file): not a floor of ours
  if (b.floor > a.floor)
    return `${a.name} (${from}) imports ${b.name} (${to}), a floor above it: pass a value or an interface in, or move the shared part down`;
  if (b.floor === a.floor && a.area !== null && b.area !== null && a.area !== b.area && b.rank >= a.rank)
    return `${a.name}/${a.area} imports ${b.name}/${b.area}, an area that ranks above it on the same floor (floors.json order)`;
  if (b.floor === a.floor && a.area === null && b.area !== null && entryHasAreas(table, a.floor))
    return `a file straight on ${a.name} imports the area ${b.area}: put it in an area`;
  const own = integrationOf(table, from);
  const theirs = integrationOf(table, to);
  if (theirs && own !== theirs && own !== null)
    return `an integration imports another (${own} -> ${theirs}): share through the kind's interface`;
  return null;
}

const entryHasAreas = (table, floor) => Boolean(table.floors[floor].areas);

/** Resolves a relative specifier of `fromAbs` to an existing file, or null. */
export function resolveRelative(fromAbs, spec, exists) {
  const base = path.resolve(path.dirname(fromAbs), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    if (exists(candidate)) return candidate;
  }
  return null;
}

/** The ESLint rule `santap/floors`: options `[{ table, root }]` (root: the package's absolute path). */
export const floorsRule = {
  meta: { type: 'problem', schema: [{ type: 'object' }] },
  create(context) {
    const { table, root } = context.options[0];
    const exists = (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile();
    const file = context.filename.replaceAll('\\', '/');
    const rel = path.posix.relative(root.replaceAll('\\', '/'), file);
    if (rel.startsWith('..') || !table.scope.some((s) => rel.startsWith(s))) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveRelative(file, spec, exists);
      if (!target) return;
      const why = refusalOf(
        table,
        rel,
        path.posix.relative(root.replaceAll('\\', '/'), target.replaceAll('\\', '/')),
      );
      if (why) context.report({ node: node.source, message: why });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * The server's floors (README "Floors", floors.json): every file of src/ stands on a floor, no import runs
 * up a floor, and no import circle exists anywhere in src/ (tests aside). The lint rule santap/floors
 * checks the same table on each file as it is edited; this test sees the whole graph, so a circle that
 * no single import shows is caught too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { placeOf, refusalOf, resolveRelative } from '@santap/eslint-config/floors';
import type { FloorTable } from '@santap/eslint-config/floors';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const table = JSON.parse(fs.readFileSync(path.join(root, 'floors.json'), 'utf8')) as FloorTable;
const exists = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile();
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

/** Every relative import (static, re-export, dynamic, type-only) of each file, resolved to a file. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveRelative(file, spec, exists))
      .filter((target): target is string => target !== null && target.endsWith('.ts'));
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one file (Tarjan), each a circle of imports. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(rel(member));
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const graph = importGraph(sourceFiles(path.join(root, 'src')));

describe('the floors of src/', () => {
  it('the graph is read: order create imports the cart, and the model floor has its files', () => {
    const place = [...graph.keys()].find(
      (file) => rel(file) === 'src/services/flows/ordering/orders/place.ts',
    );
    expect(place).toBeDefined();
    expect(graph.get(place!)!.map(rel)).toContain('src/services/flows/ordering/cart/index.ts');
    expect(
      [...graph.keys()].filter((file) => placeOf(table, rel(file))?.name === 'model').length,
    ).toBeGreaterThan(3);
  });

  it('no import circle in src/', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('a circle is found when there is one', () => {
    const a = path.join(root, 'src/a.ts');
    const b = path.join(root, 'src/b.ts');
    const c = path.join(root, 'src/c.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [c]],
          [c, [a]],
        ]),
      ),
    ).toEqual([['src/a.ts', 'src/b.ts', 'src/c.ts']]);
  });

  it('every file of src/ stands on a floor, and no import runs up a floor or across integrations', () => {
    const refusals: string[] = [];
    for (const [file, targets] of graph) {
      if (!placeOf(table, rel(file))) refusals.push(`${rel(file)} stands on no floor`);
      for (const target of targets) {
        const why = refusalOf(table, rel(file), rel(target));
        if (why) refusals.push(why);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('the table refuses what it should: up a floor, a higher area on a floor, another integration', () => {
    expect(refusalOf(table, 'src/services/flows/ordering/x.ts', 'src/routes/orders.ts')).toMatch(
      /floor above/,
    );
    expect(refusalOf(table, 'src/services/model/orders.ts', 'src/services/flows/payments/model.ts')).toMatch(
      /floor above/,
    );
    expect(
      refusalOf(
        table,
        'src/services/flows/payments/reconcile.ts',
        'src/services/flows/ordering/orders/index.ts',
      ),
    ).toMatch(/ranks above/);
    expect(
      refusalOf(
        table,
        'src/services/adapters/payments/gateways/razer/razer.ts',
        'src/services/adapters/payments/gateways/midtrans/protocol.ts',
      ),
    ).toMatch(/integration imports another/);
    expect(
      refusalOf(table, 'src/services/flows/ordering/orders/place.ts', 'src/services/flows/payments/model.ts'),
    ).toBeNull();
    expect(refusalOf(table, 'src/services/flows/ordering/x.test.ts', 'src/routes/orders.ts')).toBeNull();
  });
});

#!/usr/bin/env node
// santap-size-budget --route <manifest key> [--route …] [--dist dist] [--title '/r/:name'] [--await <regexp>]
//   [--budget <KB>] [--lazy-budget <KB>] [--with-group <name> …] [--with-later]
// Checks an app's production build against the size budgets (README: Size budget); exits 1 when over budget,
// 2 when the build is missing or the options are wrong. Run it in the app's folder after `vite build`.
import { resolve } from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { CATALOGUE_AWAIT, KB, formatSizeReport, measureSizeBudget } from '../size-budget.js';

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      route: { type: 'string', multiple: true },
      dist: { type: 'string', default: 'dist' },
      title: { type: 'string' },
      await: { type: 'string', multiple: true },
      budget: { type: 'string' },
      'lazy-budget': { type: 'string' },
      // The route waits for these deferred catalogue groups (measureSizeBudget's `withGroups`).
      'with-group': { type: 'string', multiple: true },
      // The same as `--with-group later`.
      'with-later': { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`santap-size-budget: ${error.message}`);
  process.exit(2);
}

/** A budget in KB from the command line, as bytes; undefined when not given. */
function kilobytes(name) {
  const text = options[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number of KB: ${text}`);
  return value * KB;
}

let report;
try {
  report = measureSizeBudget({
    dist: resolve(options.dist),
    firstScreen: options.route ?? [],
    awaits: [CATALOGUE_AWAIT, ...(options.await ?? []).map((source) => new RegExp(source))],
    startBudget: kilobytes('budget'),
    lazyBudget: kilobytes('lazy-budget'),
    withLater: options['with-later'],
    withGroups: options['with-group'] ?? [],
  });
} catch (error) {
  console.error(`santap-size-budget: ${error.message}`);
  process.exit(2);
}
console.log(formatSizeReport(report, options.title ?? options.route?.join(', ')));
if (!report.ok) {
  console.error('\nsantap-size-budget: over budget');
  process.exit(1);
}

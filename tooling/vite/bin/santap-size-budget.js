#!/usr/bin/env node
// santap-size-budget --route <manifest key> [--route …] [--dist dist] [--title '/r/:name'] [--await <regexp>]
// Checks an app's production build against the size budgets (issue 5 §7); exits 1 when over budget,
// 2 when the build is missing or the options are wrong. Run it in the app's folder after `vite build`.
import { resolve } from 'node:path';
import process from 'node:process';
import { parseArgs } from 'node:util';
import { CATALOGUE_AWAIT, formatSizeReport, measureSizeBudget } from '../size-budget.js';

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      route: { type: 'string', multiple: true },
      dist: { type: 'string', default: 'dist' },
      title: { type: 'string' },
      await: { type: 'string', multiple: true },
    },
  }));
} catch (error) {
  console.error(`santap-size-budget: ${error.message}`);
  process.exit(2);
}

let report;
try {
  report = measureSizeBudget({
    dist: resolve(options.dist),
    firstScreen: options.route ?? [],
    awaits: [CATALOGUE_AWAIT, ...(options.await ?? []).map((source) => new RegExp(source))],
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

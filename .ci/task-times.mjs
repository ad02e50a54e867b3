// Prints how long each task of the last `turbo run --summarize` took and when it started, longest
// first, so a slow CI run shows where its minutes went (.ci/run calls it, pass or fail).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = '.turbo/runs';
let files = [];
try {
  files = readdirSync(dir).filter((name) => name.endsWith('.json'));
} catch {
  process.exit(0);
}
if (files.length === 0) process.exit(0);
const latest = files
  .map((name) => join(dir, name))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
const run = JSON.parse(readFileSync(latest, 'utf8'));
const start = run.execution?.startTime ?? 0;
const rows = (run.tasks ?? [])
  .filter((task) => task.execution)
  .map((task) => ({
    id: task.taskId,
    from: (task.execution.startTime - start) / 1000,
    took: (task.execution.endTime - task.execution.startTime) / 1000,
    code: task.execution.exitCode,
  }))
  .sort((a, b) => b.took - a.took);
console.log(`\ntask times (s, from the run's start; ${latest}):`);
for (const row of rows) {
  const mark = row.code === 0 ? '' : `  exit ${row.code}`;
  console.log(`${row.took.toFixed(0).padStart(6)}  at ${row.from.toFixed(0).padStart(5)}  ${row.id}${mark}`);
}

import { describe, expect, it } from 'vitest';
import { WEB_HEADING, medianRun, summarise, updateWebSection } from './web-report';
import type { Machine, RunFigures } from './web-report';

const run = (score: number, lcpMs: number, cls = 0.01): RunFigures => ({
  score,
  fcpMs: 900,
  lcpMs,
  tbtMs: 120,
  cls,
  speedIndexMs: 1500,
  scriptKb: 180,
  totalKb: 230,
});

const machine: Machine = {
  date: '2026-11-22',
  cpu: 'Test CPU',
  cores: 2,
  memoryGiB: 8,
  node: 'v20.20.2',
  chromium: 'Chromium 156',
  load: '1.0 1.0 1.0',
};

const API_PART = `# API benchmarks

Intro of the API bench.

## 2026-11-21 · Test CPU, 2 cores

| Scenario | req/s |
| --- | ---: |
| menu | 100 |
`;

describe('medianRun', () => {
  it('scores 80, 95, 90 -> the run with 90', () => {
    expect(medianRun([run(80, 2500), run(95, 1500), run(90, 1800)]).score).toBe(90);
  });

  it('two runs of the same score -> the one with the slower LCP first, so the middle is the slower', () => {
    expect(medianRun([run(90, 1500), run(90, 1900)]).lcpMs).toBe(1900);
  });
});

describe('summarise', () => {
  it('median 99, LCP 1.1 s, CLS 0.01, TBT 120 ms -> every target met', () => {
    const { section } = summarise('/r/menu-besar', [run(99, 1100)], machine);
    expect(section).toContain('### 2026-11-22 · /r/menu-besar · Test CPU, 2 cores');
    expect(section).toContain('Performance score >= 98: 99 -> **met**');
    expect(section).toContain('LCP <= 1.20 s: 1.10 s -> **met**');
    expect(section).toContain('CLS <= 0.02: 0.010 -> **met**');
    expect(section).toContain('TBT <= 150 ms: 120 ms -> **met**');
  });

  it('the load after the runs -> recorded beside the load before', () => {
    const { section } = summarise('/fc/mall-demo', [run(99, 1100)], { ...machine, loadAfter: '9.0 5.0 2.0' });
    expect(section).toContain('load average before the run 1.0 1.0 1.0, after 9.0 5.0 2.0');
  });

  it('median 72, LCP 3.1 s, CLS 0.2 -> each target not met', () => {
    const { section } = summarise('/r/menu-besar', [run(72, 3100, 0.2)], machine);
    expect(section).toContain('72 -> **not met**');
    expect(section).toContain('3.10 s -> **not met**');
    expect(section).toContain('0.200 -> **not met**');
  });
});

describe('updateWebSection', () => {
  const first = summarise('/r/menu-besar', [run(80, 2500)], machine);

  it('API part only -> the web part appended after it, API sections untouched', () => {
    const docs = updateWebSection(API_PART, first.heading, first.section);
    expect(docs.startsWith(API_PART.trimEnd())).toBe(true);
    expect(docs).toContain(WEB_HEADING);
    expect(docs.indexOf(WEB_HEADING)).toBeLessThan(docs.indexOf(first.heading));
  });

  it('a second run the same day -> replaces that section; another day -> kept below the newest', () => {
    const once = updateWebSection(API_PART, first.heading, first.section);
    const again = summarise('/r/menu-besar', [run(99, 1100)], machine);
    const twice = updateWebSection(once, again.heading, again.section);
    expect(twice.split(first.heading)).toHaveLength(2);
    expect(twice).toContain('99 -> **met**');
    expect(twice).not.toContain('80 -> **not met**');
    const later = summarise('/r/menu-besar', [run(95, 1600)], { ...machine, date: '2026-11-23' });
    const thrice = updateWebSection(twice, later.heading, later.section);
    expect(thrice.indexOf(later.heading)).toBeLessThan(thrice.indexOf(first.heading));
  });

  it('web part followed by a newer API section -> the API section stays after the web part', () => {
    const once = updateWebSection(API_PART, first.heading, first.section);
    const withApi = `${once}\n## 2026-11-23 · Test CPU, 2 cores\n\nAPI figures.\n`;
    const again = updateWebSection(withApi, first.heading, first.section);
    expect(again).toContain('## 2026-11-23 · Test CPU, 2 cores\n\nAPI figures.');
    expect(again.indexOf(WEB_HEADING)).toBeLessThan(again.indexOf('## 2026-11-23'));
  });
});

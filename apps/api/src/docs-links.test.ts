/**
 * The repository's READMEs and docs keep their links (apps/api/docs/testing.md, "The docs' links"): every
 * relative markdown link of the root README and of each `.md` file under apps/, packages/, tooling/ and
 * docs/ points at a file of the repository, a `#section` names a heading of the file it points at, and a
 * path to a `.md` file written in backticks exists (from the file's folder or the repository's root).
 * Links to other sites are not fetched. Code paths in backticks are not checked: name them, link docs.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SCANNED_FOLDERS = ['apps', 'packages', 'tooling', 'docs'];
/** Built output, installed packages and tool caches: not the repository's own pages. */
const SKIPPED = /^(node_modules|dist.*|coverage|\..*)$/;

/** The root README and every `.md` file under the scanned folders. */
function markdownFiles(root: string): string[] {
  const found = existsSync(join(root, 'README.md')) ? [join(root, 'README.md')] : [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (SKIPPED.test(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) found.push(path);
    }
  };
  for (const folder of SCANNED_FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  return found.sort();
}

const withoutFences = (text: string) => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
const withoutCodeSpans = (text: string) => text.replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a markdown file's headings; a repeated heading gets `-1`, `-2`… as on GitHub. */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutFences(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const anchor = headingAnchor(heading!);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

interface Reference {
  target: string;
  /** A path in backticks may be written from the repository's root as well as from the file. */
  fromRootToo: boolean;
}

function referencesOf(text: string): Reference[] {
  const prose = withoutFences(text);
  const links = withoutCodeSpans(prose);
  return [
    ...[...links.matchAll(/\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...links.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((m) => m[1]!),
  ]
    .map((target): Reference => ({ target, fromRootToo: false }))
    .concat(
      [...prose.matchAll(/`([\w@.-]+(?:\/[\w@.-]+)+\.md(?:#[\w-]+)?)`/g)].map((m) => ({
        target: m[1]!,
        fromRootToo: true,
      })),
    );
}

/** `file: target (why)` for each reference of `files` that does not resolve inside `root`. */
function brokenLinks(root: string, files: string[]): string[] {
  const broken: string[] = [];
  for (const file of files) {
    for (const { target, fromRootToo } of referencesOf(readFileSync(file, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target)) continue;
      const [pathPart = '', anchor] = target.split('#');
      const path = decodeURI(pathPart);
      const candidates = path ? [resolve(dirname(file), path)] : [file];
      if (path && fromRootToo) candidates.push(resolve(root, path));
      const inside = candidates.filter((candidate) => candidate === root || candidate.startsWith(root + sep));
      const resolved = inside.find((candidate) => existsSync(candidate));
      const where = `${relative(root, file)}: ${target}`;
      if (inside.length === 0) broken.push(`${where} (outside the repository)`);
      else if (!resolved) broken.push(`${where} (no such file)`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${where} (no such heading)`);
    }
  }
  return broken;
}

describe('links of the READMEs and docs', () => {
  it('every README and docs page of the repository -> each relative link resolves', () => {
    const files = markdownFiles(REPOSITORY).map((file) => relative(REPOSITORY, file));
    // The scan reaches the pages that link the most, so an empty scan cannot pass.
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'apps/api/README.md',
        join('apps', 'api', 'docs', 'README.md'),
        'docs/going-live.md',
      ]),
    );
    expect(brokenLinks(REPOSITORY, markdownFiles(REPOSITORY))).toEqual([]);
  });

  describe('the checker', () => {
    const root = mkdtempSync(join(tmpdir(), 'santap-docs-links-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'docs'));
    mkdirSync(join(root, 'apps', 'x', 'node_modules', 'dep'), { recursive: true });
    writeFileSync(
      join(root, 'docs', 'guide.md'),
      '# Guide\n\n## Two modes\n\n## Two modes\n\n## Cookies and CSRF (`a.ts`)\n',
    );
    writeFileSync(join(root, 'apps', 'x', 'node_modules', 'dep', 'README.md'), '[gone](nowhere.md)\n');
    writeFileSync(
      join(root, 'README.md'),
      [
        '[ok](docs/guide.md) [ok](docs/guide.md#two-modes) [ok](docs/guide.md#two-modes-1)',
        '[ok](docs/guide.md#cookies-and-csrf-ats) [ok](#kept) [ok](https://example.com/x.md) `docs/guide.md`',
        '## Kept',
        '[missing](docs/missing.md) [no heading](docs/guide.md#going-live) [out](../shared/spec.md)',
        '`../shared/ARCHITECTURE.md`',
        '[ref]: docs/other.md',
        '```',
        '[in a code block](docs/fenced.md)',
        '```',
      ].join('\n'),
    );

    it('a missing file, a missing heading, a path out of the repository -> each reported once', () => {
      expect(brokenLinks(root, markdownFiles(root))).toEqual([
        'README.md: docs/missing.md (no such file)',
        'README.md: docs/guide.md#going-live (no such heading)',
        'README.md: ../shared/spec.md (outside the repository)',
        'README.md: docs/other.md (no such file)',
        'README.md: ../shared/ARCHITECTURE.md (outside the repository)',
      ]);
    });

    it('installed packages -> not scanned', () => {
      expect(markdownFiles(root).map((file) => relative(root, file))).toEqual([
        'README.md',
        join('docs', 'guide.md'),
      ]);
    });
  });
});

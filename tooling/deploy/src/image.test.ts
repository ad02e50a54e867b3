/**
 * The root Dockerfile holds what `node apps/api/dist/main.js` reads at run time, runs it as a user
 * other than root, and sends no secret and no build leftovers into the image.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { all, healthcheckOptions, only } from './dockerfile';
import { readImage, sourceOf } from './image';
import { REPO_ROOT } from './repo';

const image = readImage();
const workdir = image.runtime.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)!.args;

/** The apps the server serves: every app built by Vite; those built with --ssr also render on the server. */
const webApps = readdirSync(join(REPO_ROOT, 'apps'))
  .map((name) => {
    const file = join(REPO_ROOT, 'apps', name, 'package.json');
    const build = existsSync(file)
      ? ((JSON.parse(readFileSync(file, 'utf8')) as { scripts?: { build?: string } }).scripts?.build ?? '')
      : '';
    return { name, vite: build.includes('vite build'), ssr: build.includes('--ssr') };
  })
  .filter((app) => app.vite);

const stageNamed = (name: string) => image.stages.find((stage) => stage.name === name);
const runs = (stageName: string) =>
  all(stageNamed(stageName)!, 'RUN')
    .map((i) => i.args)
    .join('\n');

describe('the image runs the server as production needs it', () => {
  it('its base -> Node 20 on Debian (glibc: the prebuilt sharp binary), in every stage', () => {
    for (const stage of image.stages.filter((s) => !stageNamed(s.from))) {
      expect(stage.from).toMatch(/^node:20(\.\d+)*-(bookworm|bullseye)(-slim)?$/);
    }
  });

  it('its user -> numeric and not root (Kubernetes can check runAsNonRoot)', () => {
    expect(image.user).toMatch(/^[1-9]\d*(:\d+)?$/);
  });

  it('ENTRYPOINT and HEALTHCHECK -> node running a script this checkout has, in exec form', () => {
    for (const command of [image.entrypoint, image.healthcheck]) {
      expect(command[0]).toBe('node');
      const source = sourceOf(image, command[1]!);
      expect(source, `${command[1]} is copied from the checkout`).toBeDefined();
      expect(existsSync(join(REPO_ROOT, source!))).toBe(true);
    }
    expect(sourceOf(image, image.entrypoint[1]!)).toBe('apps/api/scripts/start.mjs');
    expect(
      Number.parseInt(healthcheckOptions(only(image.runtime, 'HEALTHCHECK'))['start-period']!),
    ).toBeGreaterThan(0);
  });

  it("its ENV -> production mode and the server's port, and no secret", () => {
    expect(image.env).toMatchObject({ NODE_ENV: 'production', SANTAP_MODE: 'production', PORT: '3000' });
    const declared = image.stages.flatMap((stage) =>
      [...all(stage, 'ENV'), ...all(stage, 'ARG')].flatMap(
        (i) => i.args.match(/[A-Z_][A-Z0-9_]*(?==)/g) ?? [],
      ),
    );
    expect(declared.filter((name) => /SECRET|PEPPER|PASSWORD|TOKEN|_KEY$|DATABASE_URL/.test(name))).toEqual(
      [],
    );
  });

  it('each file it copies -> at the same place as in the checkout (how main.js finds its migrations and the apps)', () => {
    expect(image.copies.length).toBeGreaterThan(0);
    for (const copy of image.copies) {
      expect(stageNamed(copy.from ?? ''), `COPY --from=${copy.from}`).toBeDefined();
      expect(relative(workdir, copy.target)).toBe(relative(image.sourceDir, copy.source));
    }
  });

  it('what the server reads at run time -> in the image', () => {
    const needed = [
      'apps/api/package.json',
      'apps/api/dist/main.js',
      'apps/api/drizzle/meta/_journal.json',
      'apps/api/node_modules',
      'node_modules',
      ...webApps.flatMap(({ name, ssr }) => [
        `apps/${name}/dist/index.html`,
        ...(ssr
          ? [
              `apps/${name}/dist-ssr/entry-server.js`,
              `apps/${name}/package.json`,
              `apps/${name}/node_modules`,
            ]
          : []),
      ]),
    ];
    expect(webApps.map((app) => app.name).sort()).toEqual(['diner', 'foodcourt', 'kiosk', 'staff']);
    for (const path of needed) expect(sourceOf(image, join(workdir, path)), path).toBe(path);
  });

  it('its node_modules -> a frozen production install of the server and the server-rendered apps', () => {
    const install = runs('runtime-deps');
    expect(install).toMatch(/pnpm install --frozen-lockfile --offline --prod/);
    for (const name of ['api', ...webApps.filter((app) => app.ssr).map((app) => app.name)]) {
      expect(install).toMatch(new RegExp(`--filter=@santap/${name}(\\s|$)`));
    }
    const build = runs('build');
    expect(build).toMatch(/pnpm install --frozen-lockfile/);
    for (const name of ['api', ...webApps.map((app) => app.name)])
      expect(build).toContain(`--filter=@santap/${name}...`);
  });

  it('.dockerignore -> no installed modules, builds, local data, env files or deploy/ secrets in the context', () => {
    const ignored = readFileSync(join(REPO_ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    expect(ignored).toEqual(
      expect.arrayContaining([
        '.git',
        '**/node_modules',
        '**/dist',
        '**/dist-ssr',
        '**/.data',
        '**/.env',
        'deploy',
      ]),
    );
  });
});

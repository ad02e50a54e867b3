/**
 * The image the root Dockerfile makes, as this checkout holds it: its last stage's ENV, user,
 * HEALTHCHECK and ENTRYPOINT, and where each of its files comes from here. The entrypoint test starts
 * the ENTRYPOINT with these paths, and the image drill assembles the last stage's files from them.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join, relative } from 'node:path';
import process from 'node:process';
import { all, copiesOf, envOf, execForm, only, readDockerfile, workdirOf } from './dockerfile';
import type { Copy, Stage } from './dockerfile';
import { REPO_ROOT } from './repo';

export interface Image {
  stages: Stage[];
  /** The last stage: what runs. */
  runtime: Stage;
  env: Record<string, string>;
  user: string;
  entrypoint: string[];
  healthcheck: string[];
  copies: Copy[];
  /** The build stage's workdir, where `COPY . .` put the checkout. */
  sourceDir: string;
}

export function readImage(stages: Stage[] = readDockerfile()): Image {
  const runtime = stages.at(-1)!;
  const withSources = stages.find((stage) =>
    all(stage, 'COPY').some((instruction) => instruction.args.trim() === '. .'),
  );
  if (!withSources) throw new Error('no stage copies the checkout (COPY . .)');
  return {
    stages,
    runtime,
    env: envOf(runtime),
    user: only(runtime, 'USER').args,
    entrypoint: execForm(only(runtime, 'ENTRYPOINT')),
    healthcheck: execForm(only(runtime, 'HEALTHCHECK')),
    copies: copiesOf(runtime),
    sourceDir: workdirOf(withSources),
  };
}

/**
 * Where a path of the image comes from, relative to the checkout: the last stage's COPY whose target
 * holds it, its source taken under the build stage's workdir. Undefined for a path no COPY made.
 */
export function sourceOf(image: Image, imagePath: string): string | undefined {
  const copy = image.copies
    .filter((each) => imagePath === each.target || imagePath.startsWith(`${each.target}/`))
    .sort((a, b) => b.target.length - a.target.length)[0];
  if (!copy) return undefined;
  const source = join(copy.source, imagePath.slice(copy.target.length));
  const inCheckout = relative(image.sourceDir, source);
  return inCheckout.startsWith('..') ? undefined : inCheckout;
}

/**
 * An exec-form command of the image, runnable here: `node` is this Node, and each path of the image is
 * the checkout's file it is copied from (`root` holds the image's files laid out as the checkout).
 */
export function commandHere(image: Image, command: string[], root = REPO_ROOT): [string, string[]] {
  const [program, ...args] = command;
  if (program !== 'node') throw new Error(`the image runs ${program}, not node`);
  const mapped = args.map((arg) => {
    if (!arg.startsWith('/')) return arg;
    const source = sourceOf(image, arg);
    if (!source) throw new Error(`${arg} is in no COPY of the image's last stage`);
    return join(root, source);
  });
  return [process.execPath, mapped];
}

export interface Running {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code, or the signal's name. */
  exited: Promise<number | NodeJS.Signals>;
}

/** Starts a command of the image with exactly `env` (nothing inherited), as `user` when given (root only). */
export function run(
  image: Image,
  command: string[],
  env: Record<string, string>,
  root = REPO_ROOT,
  user: { uid?: number; gid?: number } = {},
): Running {
  const [program, args] = commandHere(image, command, root);
  const child = spawn(program, args, { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...user });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal!)),
  );
  return { child, output: () => output, exited };
}

/** Waits until `url` answers 200, the process exits (an error with its output) or `ms` pass. */
export async function answering(running: Running, url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  let exited: number | NodeJS.Signals | undefined;
  void running.exited.then((code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`exited (${exited}) before answering:\n${running.output()}`);
    const status = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (reply) => {
        await reply.arrayBuffer();
        return reply.status;
      })
      .catch(() => undefined);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms:\n${running.output()}`);
}

/**
 * The root Dockerfile as the deployment checks read it: its stages and their instructions in order
 * (continuation lines joined, comments dropped), the exec-form arguments of ENTRYPOINT, CMD and
 * HEALTHCHECK, the ENV of a stage and where a path of the last stage comes from. Only the syntax the
 * Dockerfile uses is read; anything else is an error rather than a guess.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './repo';

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  name: string | undefined;
  /** The base image, with the build arguments declared before the first FROM filled in. */
  from: string;
  instructions: Instruction[];
}

/** `KEY=value` pairs of ENV and ARG (values unquoted or in double quotes). */
function pairs(args: string, line: number): Record<string, string> {
  const found: Record<string, string> = {};
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)(?:=("(?:[^"\\]|\\.)*"|\S*))?(?:\s+|$)/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < args.length && (match = pattern.exec(args))) {
    const [, key, raw = ''] = match;
    found[key!] = raw.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  }
  if (pattern.lastIndex < args.length) throw new Error(`line ${line}: cannot read "${args}"`);
  return found;
}

export function parseDockerfile(text: string): Stage[] {
  const logical: Instruction[] = [];
  let pending: { text: string; line: number } | undefined;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed.startsWith('#') || (trimmed === '' && !pending)) return;
    const continues = trimmed.endsWith('\\');
    const part = continues ? trimmed.slice(0, -1).trim() : trimmed;
    pending = pending ? { ...pending, text: `${pending.text} ${part}` } : { text: part, line: index + 1 };
    if (continues) return;
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(pending.text) ?? [];
    logical.push({ keyword: keyword.toUpperCase(), args, line: pending.line });
    pending = undefined;
  });
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of logical) {
    if (instruction.keyword === 'FROM') {
      const [, image = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args) ?? [];
      const from = image.replace(/\$\{(\w+)\}/g, (_, key: string) => globalArgs[key] ?? '');
      stages.push({ name, from, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') throw new Error(`line ${instruction.line}: only ARG may come first`);
      Object.assign(globalArgs, pairs(instruction.args, instruction.line));
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

/** The arguments of an exec-form instruction (`["node", "x.mjs"]`); a shell form is an error. */
export function execForm(instruction: Instruction): string[] {
  const json =
    instruction.keyword === 'HEALTHCHECK' ? /\bCMD\s+(.*)$/.exec(instruction.args)?.[1] : instruction.args;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '');
  } catch {
    throw new Error(`line ${instruction.line}: ${instruction.keyword} is not in exec form (a JSON array)`);
  }
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) {
    throw new Error(`line ${instruction.line}: ${instruction.keyword} is not a JSON array of strings`);
  }
  return parsed;
}

/** The `--name=value` options of a HEALTHCHECK. */
export function healthcheckOptions(instruction: Instruction): Record<string, string> {
  const options = instruction.args.split(/\bCMD\b/)[0] ?? '';
  return Object.fromEntries(
    [...options.matchAll(/--([a-z-]+)=(\S+)/g)].map(([, key, value]) => [key!, value!]),
  );
}

export function only(stage: Stage, keyword: string): Instruction {
  const found = stage.instructions.filter((instruction) => instruction.keyword === keyword);
  if (found.length !== 1) throw new Error(`stage ${stage.name ?? stage.from}: ${found.length} ${keyword}`);
  return found[0]!;
}

export function all(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((instruction) => instruction.keyword === keyword);
}

export function envOf(stage: Stage): Record<string, string> {
  return Object.assign(
    {},
    ...all(stage, 'ENV').map((instruction) => pairs(instruction.args, instruction.line)),
  );
}

export interface Copy {
  /** The stage copied from (`--from=`), undefined for the build context. */
  from: string | undefined;
  source: string;
  /** Where it lands in the image, absolute. */
  target: string;
}

/** The COPY instructions of a stage with one source each, their targets resolved against WORKDIR. */
export function copiesOf(stage: Stage): Copy[] {
  let workdir = '/';
  const copies: Copy[] = [];
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'WORKDIR') workdir = instruction.args;
    if (instruction.keyword !== 'COPY') continue;
    const words = instruction.args.split(/\s+/);
    const flags = words.filter((word) => word.startsWith('--'));
    const paths = words.filter((word) => !word.startsWith('--'));
    if (paths.length !== 2) continue;
    const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
    const target = paths[1]!.startsWith('/') ? paths[1]! : join(workdir, paths[1]!);
    copies.push({ from, source: paths[0]!, target: target.replace(/\/$/, '') });
  }
  return copies;
}

export function workdirOf(stage: Stage): string {
  return all(stage, 'WORKDIR').at(-1)?.args ?? '/';
}

/** The root Dockerfile's stages; the last is the image. */
export function readDockerfile(): Stage[] {
  return parseDockerfile(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8'));
}

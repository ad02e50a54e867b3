/**
 * Where photo files live (README "Menu photos"): one interface, files on disk under the data dir by
 * default, S3-compatible storage (`s3.ts`) when configured, memory for tests and an in-memory database.
 * Names are content-hashed (`<hash>-<width>.<ext>`), so a file never changes once written.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ImageStorage {
  /** Writes a file (replacing one of the same name, which has the same bytes). */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
}

/** How the server stores photos (`ServerConfig.images`; env in `config.ts`). */
/**
 * A file name the storage accepts: `<hex hash>-<width>.avif|webp`, or `<hex hash>-share.jpg` (the
 * link-preview picture); nothing else is ever read.
 */
export const IMAGE_FILE_NAME = /^[0-9a-f]{16,64}-(?:[1-9][0-9]{0,4}\.(?:avif|webp)|share\.jpg)$/;

/** The types of the files the pipeline makes. */
export type ImageContentType = 'image/avif' | 'image/webp' | 'image/jpeg';

/** The content type of a file {@link IMAGE_FILE_NAME} accepts, from its extension. */
export function imageContentType(name: string): ImageContentType {
  if (name.endsWith('.avif')) return 'image/avif';
  return name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';
}

function checkedName(name: string): string {
  if (!IMAGE_FILE_NAME.test(name)) throw new Error(`not an image file name: ${name}`);
  return name;
}

/** Files in one folder; written to a temporary name and renamed, so a reader never sees half a file. */
export function diskStorage(dir: string): ImageStorage {
  let made: Promise<unknown> | undefined;
  return {
    async put(name, body) {
      made ??= mkdir(dir, { recursive: true });
      await made;
      const path = join(dir, checkedName(name));
      const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, path);
    },
    async get(name) {
      if (!IMAGE_FILE_NAME.test(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

export function memoryStorage(): ImageStorage {
  const files = new Map<string, Buffer>();
  return {
    async put(name, body) {
      files.set(checkedName(name), Buffer.from(body));
    },
    async get(name) {
      return files.get(name) ?? null;
    },
  };
}

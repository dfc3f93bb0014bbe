import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/**
 * What a backup file says about itself (`manifest.json` at the top of the tar): the database's
 * kind and schema version, the census taken with the dump, and every other file with its size and
 * sha256. The manifest carries a checksum of its own body, so an edited or cut manifest is caught too.
 */
export const BACKUP_FORMAT = 'mall-backup';
export const BACKUP_FORMAT_VERSION = 1;

const fileEntry = z.object({ path: z.string().min(1), size: z.number().int().min(0), sha256: z.string().length(64) });
export type FileEntry = z.infer<typeof fileEntry>;

const manifestBody = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Names of the applied migrations, in order: the schema version. */
    migrations: z.array(z.string()),
    tables: z.record(z.string(), z.number().int().min(0)),
    checksum: z.string(),
    dump: fileEntry,
  }),
  uploads: z.discriminatedUnion('driver', [
    z.object({ driver: z.literal('local'), files: z.array(fileEntry) }),
    /** A bucket is not copied: its objects' keys and sizes, to check it against after a restore. */
    z.object({ driver: z.literal('s3'), objects: z.array(z.object({ key: z.string(), size: z.number().int() })) }),
  ]),
});
export type ManifestBody = z.infer<typeof manifestBody>;
export type Manifest = ManifestBody & { checksum: string };

const manifest = manifestBody.extend({ checksum: z.string().length(64) });

export function sealManifest(body: ManifestBody): Manifest {
  return { ...body, checksum: sha256(canonicalJson(body)) };
}

/** The manifest when it parses and its checksum holds; undefined otherwise (a damaged file). */
export function openManifest(text: string): Manifest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = manifest.safeParse(parsed);
  if (!result.success) return undefined;
  const { checksum, ...body } = result.data;
  return sha256(canonicalJson(body)) === checksum ? result.data : undefined;
}

/** JSON with every object's keys sorted, so the checksum does not hang on the order keys were written in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function sha256(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

export async function fileEntryOf(file: string, pathInBackup: string): Promise<FileEntry> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { path: pathInBackup, size, sha256: hash.digest('hex') };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StorageFullError } from './file-storage.ts';
import { LocalDiskStorage, writeNewFile } from './local-disk-storage.ts';
import { diskFullAfter } from './disk-full.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest')]);
const NAME = `${'a'.repeat(32)}.png`;

describe('LocalDiskStorage', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps a file at root/<area>/<name>, the layout existing uploads already use', async () => {
    await storage.put(`goods/${NAME}`, PNG, 'image/png');
    expect(fs.readFileSync(path.join(root, 'goods', NAME))).toEqual(PNG);
    expect(await storage.exists(`goods/${NAME}`)).toBe(true);
  });

  it('reads back the same bytes with their type, as a buffer and as a stream', async () => {
    await storage.put(`goods/${NAME}`, PNG, 'image/png');
    const buffered = await storage.readBuffer(`goods/${NAME}`);
    expect(buffered).toMatchObject({ type: 'image/png', size: PNG.length });
    expect(buffered?.bytes).toEqual(PNG);
    const streamed = await storage.readStream(`goods/${NAME}`);
    expect(streamed).toMatchObject({ type: 'image/png', size: PNG.length });
    expect(await text(streamed!.stream)).toBe(PNG.toString());
  });

  it('reads a file written before the storage existed (today\'s data keeps working)', async () => {
    fs.mkdirSync(path.join(root, 'reviews'));
    fs.writeFileSync(path.join(root, 'reviews', NAME), PNG);
    expect((await storage.readBuffer(`reviews/${NAME}`))?.bytes).toEqual(PNG);
  });

  it('answers undefined / false for a missing key, and deletes', async () => {
    expect(await storage.readBuffer(`goods/${NAME}`)).toBeUndefined();
    expect(await storage.readStream(`goods/${NAME}`)).toBeUndefined();
    await storage.put(`goods/${NAME}`, PNG, 'image/png');
    await storage.delete(`goods/${NAME}`);
    expect(await storage.exists(`goods/${NAME}`)).toBe(false);
    await storage.delete(`goods/${NAME}`); // deleting twice is not an error
  });

  it('never overwrites a stored file', async () => {
    await storage.put(`goods/${NAME}`, PNG, 'image/png');
    await expect(storage.put(`goods/${NAME}`, Buffer.from('other'), 'image/png')).rejects.toThrow();
    expect(fs.readFileSync(path.join(root, 'goods', NAME))).toEqual(PNG);
  });

  it('refuses a key that could leave the root', async () => {
    for (const key of ['../x.png', 'goods/../../x.png', '/etc/passwd', 'goods//x.png', '']) {
      await expect(storage.exists(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  describe('a full disk', () => {
    const everything = () => fs.readdirSync(root, { recursive: true }).map(String);

    it('refuses the write whole: no file under its name, no partial one beside it', async () => {
      const full = new LocalDiskStorage(root, diskFullAfter(5));
      const err = await full.put(`goods/${NAME}`, PNG, 'image/png').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageFullError);
      expect((err as Error).message).toBe('存储空间不足，上传失败，请联系管理员');
      expect(((err as Error).cause as NodeJS.ErrnoException).code).toBe('ENOSPC');
      expect(everything()).toEqual(['goods']);
      expect(await full.exists(`goods/${NAME}`)).toBe(false);
    });

    it('takes the next upload once there is space again', async () => {
      let space = 0;
      const storage = new LocalDiskStorage(root, (file, bytes) =>
        bytes.length > space ? diskFullAfter(space)(file, bytes) : writeNewFile(file, bytes),
      );
      await expect(storage.put(`goods/${NAME}`, PNG, 'image/png')).rejects.toBeInstanceOf(StorageFullError);
      space = 1 << 20;
      await storage.put(`goods/${NAME}`, PNG, 'image/png');
      expect((await storage.readBuffer(`goods/${NAME}`))?.bytes).toEqual(PNG);
      expect(everything().sort()).toEqual(['goods', path.join('goods', NAME)]);
    });

    it('lists no partial file a crash left behind (backups copy uploads only)', async () => {
      await storage.put(`goods/${NAME}`, PNG, 'image/png');
      fs.writeFileSync(path.join(root, 'goods', `.${'b'.repeat(32)}.png.0123456789ab.partial`), 'half');
      const keys = [];
      for await (const { key } of storage.list()) keys.push(key);
      expect(keys).toEqual([`goods/${NAME}`]);
    });

    it('tells other write failures apart: they stay what they are, and leave nothing either', async () => {
      const broken = new LocalDiskStorage(root, async () => {
        throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      });
      const err = await broken.put(`goods/${NAME}`, PNG, 'image/png').catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(StorageFullError);
      expect((err as NodeJS.ErrnoException).code).toBe('EIO');
      expect(everything()).toEqual(['goods']);
    });
  });
});

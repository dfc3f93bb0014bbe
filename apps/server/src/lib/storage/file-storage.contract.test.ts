import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorage } from './file-storage.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { startFakeS3, type FakeS3 } from './s3-fake.ts';
import { S3Storage, StorageUnavailableError } from './s3-storage.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest of a picture'),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(70_000, 7)]);
const name = (ext: string) => `${crypto.randomBytes(16).toString('hex')}.${ext}`;

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(() => fake.close());

const s3Of = (over: Partial<ConstructorParameters<typeof S3Storage>[0]> = {}) =>
  new S3Storage({
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.url,
    forcePathStyle: true,
    accessKeyId: fake.accessKeyId,
    secretAccessKey: fake.secretAccessKey,
    ...over,
  });

type Driver = { storage: FileStorage; done(): void };
const drivers: [string, () => Driver][] = [
  [
    'local disk',
    () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-contract-'));
      return { storage: new LocalDiskStorage(root), done: () => fs.rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3 (local fake, signatures checked)',
    () => {
      const storage = s3Of();
      return { storage, done: () => storage.destroy() };
    },
  ],
];

describe.each(drivers)('FileStorage contract: %s', (_label, make) => {
  let driver: Driver;
  let storage: FileStorage;
  beforeEach(() => {
    driver = make();
    storage = driver.storage;
  });
  afterEach(() => driver.done());

  it('reads back the same bytes with their type, as a buffer and as a stream', async () => {
    const key = `goods/${name('png')}`;
    await storage.put(key, PNG, 'image/png');
    const got = await storage.readBuffer(key);
    expect(got).toMatchObject({ type: 'image/png', size: PNG.length });
    expect(got!.bytes.equals(PNG)).toBe(true);
    const streamed = await storage.readStream(key);
    expect(streamed).toMatchObject({ type: 'image/png', size: PNG.length });
    expect((await buffer(streamed!.stream)).equals(PNG)).toBe(true);
  });

  it('keeps a larger JPEG intact', async () => {
    const key = `aftersale/${name('jpg')}`;
    await storage.put(key, JPG, 'image/jpeg');
    const got = await storage.readBuffer(key);
    expect(got?.type).toBe('image/jpeg');
    expect(got!.bytes.equals(JPG)).toBe(true);
  });

  it('knows what it holds, and deletes (twice is not an error)', async () => {
    const key = `avatars/${name('png')}`;
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, PNG, 'image/png');
    expect(await storage.exists(key)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.readBuffer(key)).toBeUndefined();
    await storage.delete(key);
  });

  it('lists what it holds with each size (what a backup records)', async () => {
    const a = `goods/${name('png')}`;
    const b = `avatars/${name('jpg')}`;
    await storage.put(a, PNG, 'image/png');
    await storage.put(b, JPG, 'image/jpeg');
    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed).toEqual(
      expect.arrayContaining([
        { key: a, size: PNG.length },
        { key: b, size: JPG.length },
      ]),
    );
  });

  it('answers undefined for a missing key', async () => {
    expect(await storage.readBuffer(`goods/${'b'.repeat(32)}.png`)).toBeUndefined();
    expect(await storage.readStream(`goods/${'b'.repeat(32)}.png`)).toBeUndefined();
  });

  it('refuses keys that could leave their area, for every operation', async () => {
    for (const key of [
      '../x.png',
      'goods/../../x.png',
      '/etc/passwd',
      'goods//x.png',
      '',
      'goods/a b.png',
      'goods/图.png',
    ]) {
      await expect(storage.exists(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.readBuffer(key)).rejects.toThrow(/invalid storage key/);
      await expect(storage.put(key, PNG, 'image/png')).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
    }
  });
});

describe('S3Storage only', () => {
  it('signs every request: the fake stores what a right secret sends and refuses a wrong one', async () => {
    const key = `goods/${name('png')}`;
    const wrong = s3Of({ secretAccessKey: 'not-the-secret-' + 'x'.repeat(25) });
    const before = fake.log.length;
    await expect(wrong.put(key, PNG, 'image/png')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(wrong.readBuffer(key)).rejects.toThrow('文件存储暂时不可用，请稍后重试');
    wrong.destroy();
    expect(fake.log.slice(before).every((r) => r.status === 403)).toBe(true);
    expect(fake.objects.has(key)).toBe(false);

    const right = s3Of();
    await right.put(key, PNG, 'image/png');
    right.destroy();
    expect(fake.objects.get(key)).toMatchObject({ type: 'image/png' });
  });

  it('keeps keys under S3_PREFIX, and a driver with another prefix does not see them', async () => {
    const key = `supplier-licences/${name('webp')}`;
    const shopA = s3Of({ prefix: 'shops/a' });
    const shopB = s3Of({ prefix: 'shops/b' });
    await shopA.put(key, PNG, 'image/webp');
    expect(fake.objects.has(`shops/a/${key}`)).toBe(true);
    expect(fake.objects.has(key)).toBe(false);
    expect((await shopA.readBuffer(key))?.type).toBe('image/webp');
    expect(await shopB.exists(key)).toBe(false);
    const listedByA = [];
    for await (const object of shopA.list()) listedByA.push(object.key);
    expect(listedByA).toEqual([key]);
    shopA.destroy();
    shopB.destroy();
  });

  it('a missing bucket is an error, not an empty answer', async () => {
    const other = s3Of({ bucket: 'no-such-bucket' });
    await expect(other.readBuffer(`goods/${name('png')}`)).rejects.toBeInstanceOf(StorageUnavailableError);
    other.destroy();
  });

  it('an endpoint that is down fails quickly with a clear Chinese error', async () => {
    // A port that was just free: nothing listens there.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const down = s3Of({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 1000 });
    const started = Date.now();
    await expect(down.put(`goods/${name('png')}`, PNG, 'image/png')).rejects.toThrow('文件存储暂时不可用，请稍后重试');
    await expect(down.exists(`goods/${name('png')}`)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(Date.now() - started).toBeLessThan(8000);
    down.destroy();
  });

  it('an endpoint that accepts but never answers times out', async () => {
    const silent = http.createServer(() => {}); // holds every request
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as AddressInfo;
    const slow = s3Of({ endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    const started = Date.now();
    await expect(slow.readBuffer(`goods/${name('png')}`)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(Date.now() - started).toBeLessThan(5000);
    slow.destroy();
    silent.closeAllConnections();
    await new Promise<void>((r) => silent.close(() => r()));
  });
});

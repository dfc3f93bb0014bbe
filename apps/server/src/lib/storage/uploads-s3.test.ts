/**
 * The shop's uploads with STORAGE_DRIVER=s3, over HTTP against the local fake S3 (signatures checked):
 * goods images, avatars, after-sale evidence and the supplier licence go to the bucket, under
 * S3_PREFIX, are read back from it, and nothing is written to DATA_DIR/uploads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../db.ts';
import {
  asOps,
  dbOf,
  JPEG,
  memberIdOf,
  opsGoodsBody,
  PNG,
  png,
  registeredMember,
  someLeaf,
  startCatalogServer,
  type TestServer,
  upload,
  uploadAvatar,
  uploadGoodsImage,
} from '../../test/kit/index.ts';
import { uploadReviewImage } from '../../modules/reviews/reviews-test-kit.ts';
import { companyBody, uploadSupplierImage } from '../../modules/supplier/supplier-test-kit.ts';
import { startFakeS3, type FakeS3 } from './s3-fake.ts';

const OPS_TOKEN = 'uploads-s3-test-ops-token-0123456789';
let fake: FakeS3;
let server: TestServer;
let dataDir: string;
let buyer: { token: string; memberId: string };

beforeAll(async () => {
  fake = await startFakeS3({ bucket: 'mall-uploads' });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-s3-'));
  server = await startCatalogServer(5, {
    OPS_TOKEN,
    DATA_DIR: dataDir,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: fake.url,
    S3_REGION: fake.region,
    S3_BUCKET: fake.bucket,
    S3_ACCESS_KEY_ID: fake.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'shop-1',
  });
  const m = await registeredMember(server.api);
  buyer = { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const fetchBytes = async (url: string) => {
  const res = await fetch(server.url + url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};
const inBucket = (key: string) => fake.objects.get(`shop-1/${key}`);

describe('STORAGE_DRIVER=s3 (local fake bucket)', () => {
  it('a goods image goes to the bucket, is served from it, and a goods can be made with it', async () => {
    const up = await uploadGoodsImage(server, OPS_TOKEN, PNG);
    expect(up.code, up.message).toBe(0);
    expect(inBucket(`goods/${up.data.name}`)).toMatchObject({ type: 'image/png' });
    expect(await fetchBytes(up.data.url)).toMatchObject({ status: 200, type: 'image/png', bytes: PNG });

    const leaf = await someLeaf(dbOf(server));
    const made = await server.api.post('/ops/goods/create', {
      json: opsGoodsBody({ name: '存储测试保温杯', categoryId: leaf.id, image: up.data.name }),
      ...asOps(OPS_TOKEN),
    });
    expect(made.code, made.message).toBe(0);
    // A name that is not in the bucket is refused (the bucket is asked, not the disk).
    const missing = await server.api.post('/ops/goods/create', {
      json: opsGoodsBody({ name: '存储测试保温杯二', categoryId: leaf.id, image: `${'c'.repeat(32)}.png` }),
      ...asOps(OPS_TOKEN),
    });
    expect(missing.message).toBe('第 1 张商品图片不存在或已失效，请重新上传');
  });

  it('an avatar replaces the previous one in the bucket', async () => {
    const first = await uploadAvatar(server, buyer.token, png(64, 64));
    expect(first.code, first.message).toBe(0);
    const firstName = path.basename(first.data.avatar);
    expect(inBucket(`avatars/${firstName}`)).toBeDefined();
    expect((await fetchBytes(first.data.avatar)).status).toBe(200);
    const second = await uploadAvatar(server, buyer.token, png(80, 80));
    expect(second.code, second.message).toBe(0);
    expect(inBucket(`avatars/${firstName}`)).toBeUndefined();
    expect((await fetchBytes(first.data.avatar)).status).toBe(404);
    expect(await fetchBytes(second.data.avatar)).toMatchObject({ status: 200, type: 'image/png' });
  });

  it('after-sale evidence is kept in the bucket and opened through the link handed to its owner', async () => {
    const up = await upload(server, buyer.token, JPEG, 'b.jpg', 'image/jpeg');
    expect(up.code, up.message).toBe(0);
    expect(inBucket(`aftersale/${up.data.name}`)).toMatchObject({ type: 'image/jpeg', bytes: JPEG });
    expect(await fetchBytes(up.data.url)).toMatchObject({ status: 200, type: 'image/jpeg', bytes: JPEG });
  });

  it('the supplier licence is kept in the bucket, opened by its signed link, and a step can name it', async () => {
    const up = await uploadSupplierImage(server, buyer.token, 'licence', PNG);
    expect(up.code, up.message).toBe(0);
    expect(inBucket(`supplier-licences/${up.data.name}`)).toBeDefined();
    expect(await fetchBytes(up.data.url)).toMatchObject({ status: 200, bytes: PNG });
    const saved = await server.api.post('/member/supplier/application/company', {
      token: buyer.token,
      json: companyBody(up.data.name),
    });
    expect(saved.code, saved.message).toBe(0);
  });

  it('a review photo and a site picture go to the bucket and are served from it', async () => {
    const photo = await uploadReviewImage(server, buyer.token, PNG);
    expect(photo.code, photo.message).toBe(0);
    expect(inBucket(`reviews/${photo.data.name}`)).toBeDefined();
    expect(await fetchBytes(photo.data.url)).toMatchObject({ status: 200, type: 'image/png', bytes: PNG });

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'banner.jpg');
    const res = await fetch(`${server.url}/ops/settings/upload`, {
      method: 'POST',
      headers: { 'x-ops-token': OPS_TOKEN },
      body: form,
    });
    const site = (await res.json()) as { code: number; message: string; data: { url: string } };
    expect(site.code, site.message).toBe(0);
    expect(inBucket(`site/${path.basename(site.data.url)}`)).toMatchObject({ type: 'image/jpeg' });
    expect(await fetchBytes(site.data.url)).toMatchObject({ status: 200, type: 'image/jpeg', bytes: JPEG });
  });

  it('nothing is written under DATA_DIR/uploads', () => {
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('with the bucket out of reach an upload fails with a Chinese message and changes nothing', async () => {
    const before = (await server.api.get('/member/user/user/current', { token: buyer.token })).data.avatar;
    const count = fake.objects.size;
    await fake.close();
    const res = await uploadAvatar(server, buyer.token, png(96, 96));
    expect(res.code).not.toBe(0);
    expect(res.message).toBe('图片保存失败，请稍后重试');
    expect((await server.api.get('/member/user/user/current', { token: buyer.token })).data.avatar).toBe(before);
    const goods = await uploadGoodsImage(server, OPS_TOKEN, PNG);
    expect(goods.message).toBe('图片保存失败，请稍后重试');
    // Naming a stored picture needs the bucket too: a clear refusal, no goods made.
    const leaf = await someLeaf(dbOf(server));
    const made = await server.api.post('/ops/goods/create', {
      json: opsGoodsBody({ name: '存储不可用时的商品', categoryId: leaf.id, image: `${'e'.repeat(32)}.png` }),
      ...asOps(OPS_TOKEN),
    });
    expect(made).toMatchObject({ code: 500, message: '图片暂时无法读取，请稍后重试' });
    const [same] = await rows<{ n: number }>(
      dbOf(server),
      sql`SELECT count(*)::int AS n FROM goods WHERE name = '存储不可用时的商品'`,
    );
    expect(same!.n).toBe(0);
    expect(fake.objects.size).toBe(count);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });
});

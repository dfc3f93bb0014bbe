/**
 * Uploads when the disk under DATA_DIR/uploads is full, over HTTP: the local-disk store's one write is
 * made to fail as a full disk does (disk-full.ts: what fits is written, then ENOSPC). The uploader is
 * told 存储空间不足 in Chinese, nothing is kept (no file, no partial file, no row pointing at a missing
 * file), the operator finds it in the log, and the next upload once there is space works.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../db.ts';
import {
  expectRefusal,
  memberIdOf,
  memberState,
  png,
  registeredMember,
  startTestServer,
  uploadAvatar,
  type TestServer,
} from '../../test/kit/index.ts';
import { diskFullAfter } from './disk-full.ts';
import { LocalDiskStorage } from './local-disk-storage.ts';
import { storageOf } from './storage-of.ts';

const FULL = '存储空间不足，上传失败，请联系管理员';

let server: TestServer;
let dataDir: string;
let disk: LocalDiskStorage;
let member: Awaited<ReturnType<typeof registeredMember>> & { id: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-disk-full-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  disk = storageOf(server.running.app.ctx) as LocalDiskStorage;
  const m = await registeredMember(server.api);
  member = { ...m, id: await memberIdOf(server.api, m.accessToken) };
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under DATA_DIR/uploads/<area>, hidden ones included. */
const filesIn = (area: string) => {
  const dir = path.join(dataDir, 'uploads', area);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function uploadReviewPhoto(bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${server.url}/member/order/comment/upload`, {
    method: 'POST',
    headers: { Authorization: member.accessToken },
    body: form,
  });
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: any; success: boolean }) };
}

const reviewPhotoRows = () =>
  rows<{ name: string }>(server.running.app.ctx.db, sql`SELECT name FROM review_images WHERE member_id = ${member.id}`);

describe('an upload onto a full disk', () => {
  it('a new avatar: told in Chinese, the old one kept, nothing half-stored; the next one once there is room works', async () => {
    const before = await memberState(server, member.id);
    const write = vi.spyOn(disk, 'writeFile').mockImplementationOnce(diskFullAfter(100));
    const refused = await uploadAvatar(server, member.accessToken, png(64, 64));
    expectRefusal(refused, Code.SERVER_ERROR);
    expect(refused.message).toBe(FULL);
    expect(write).toHaveBeenCalledTimes(1);
    expect(filesIn('avatars')).toEqual([]);
    expect((await memberState(server, member.id)).member).toEqual(before.member);

    const saved = await uploadAvatar(server, member.accessToken, png(64, 64));
    expect(saved.code, saved.message).toBe(0);
    const name = String(saved.data.avatar).split('/').pop()!;
    expect(filesIn('avatars')).toEqual([name]);
    expect((await fetch(`${server.url}${saved.data.avatar}`)).status).toBe(200);
    write.mockRestore();
  });

  it('a review photo: no row for a file that is not there; the next one stores both', async () => {
    const write = vi.spyOn(disk, 'writeFile').mockImplementationOnce(diskFullAfter(0));
    const refused = await uploadReviewPhoto(png(120, 80));
    expectRefusal(refused, Code.SERVER_ERROR);
    expect(refused.message).toBe(FULL);
    expect(filesIn('reviews')).toEqual([]);
    expect(await reviewPhotoRows()).toEqual([]);

    const stored = await uploadReviewPhoto(png(120, 80));
    expect(stored.code, stored.message).toBe(0);
    expect(await reviewPhotoRows()).toEqual([{ name: stored.data.name }]);
    expect(filesIn('reviews')).toEqual([stored.data.name]);
    write.mockRestore();
  });
});

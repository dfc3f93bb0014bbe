import crypto from 'node:crypto';
import { Code, type DataCopyFileKind, type DataCopyList, type DataCopyView } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { lockKey, type DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { shanghaiDay } from '../../lib/ids.ts';
import * as repo from './privacy.repo.ts';

/**
 * 个人信息副本 (PIPL art. 45): the log of copies a member asked for, their daily limit and their
 * download links. A link is signed with the data key over the member, the copy, the file and its expiry,
 * lasts 10 minutes, opens only for the same signed-in member, and each file downloads once (a
 * conditional update claims it). What goes into the files is gathered in flows/member-data-copy.ts.
 */
export const DATA_COPY_DAILY_LIMIT = 3;
export const DATA_COPY_LINK_SECONDS = 600;
export const DATA_COPY_PATH = '/member/user/dataCopy/download';
const LINK_INVALID = '下载链接无效，请重新申请个人信息副本';

const signature = (ctx: AppContext, memberId: string, id: string, kind: DataCopyFileKind, exp: number) =>
  crypto.createHmac('sha256', ctx.secrets.dataKey).update(`data-copy:${memberId}:${id}:${kind}:${exp}`).digest('hex');

/** 个人信息副本-20261128.json */
export const dataCopyFileName = (createdAt: Date, kind: DataCopyFileKind) =>
  `个人信息副本-${shanghaiDay(createdAt).replaceAll('-', '')}${kind === 'csv' ? '-订单' : ''}.${kind}`;

function present(ctx: AppContext, row: repo.DataCopyRow, now: Date): DataCopyView {
  const live = row.expiresAt > now;
  const exp = Math.floor(row.expiresAt.getTime() / 1000);
  const file = (kind: DataCopyFileKind, downloadedAt: Date | null) => ({
    kind,
    fileName: dataCopyFileName(row.createdAt, kind),
    url: `${DATA_COPY_PATH}?id=${row.id}&file=${kind}&exp=${exp}&sig=${signature(ctx, row.memberId, row.id, kind, exp)}`,
    downloadedAt: downloadedAt?.toISOString() ?? null,
  });
  const both = row.jsonDownloadedAt && row.csvDownloadedAt;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    stateText: both ? '已下载' : live ? '可下载' : '已过期',
    files: live && !both ? [file('json', row.jsonDownloadedAt), file('csv', row.csvDownloadedAt)] : undefined,
    jsonDownloadedAt: row.jsonDownloadedAt?.toISOString() ?? null,
    csvDownloadedAt: row.csvDownloadedAt?.toISOString() ?? null,
  };
}

const dayStart = (now: Date) => new Date(`${shanghaiDay(now)}T00:00:00+08:00`);

async function usedToday(db: DbOrTx, memberId: string, now: Date) {
  const [row] = await repo.dataCopiesSince(db, memberId, dayStart(now));
  return Number(row?.n ?? 0);
}

/** A new copy with its links, within the daily limit (Asia/Shanghai days). */
export async function startDataCopy(ctx: AppContext, memberId: string, ip: string | null, now = new Date()): Promise<DataCopyView> {
  const row = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, 'member-data-copy', memberId);
    if ((await usedToday(tx, memberId, now)) >= DATA_COPY_DAILY_LIMIT) {
      throw new AppError(Code.DATA_COPY_LIMIT, `个人信息副本每天最多申请 ${DATA_COPY_DAILY_LIMIT} 次，今天的次数已用完，请明天再试`);
    }
    return repo.insertDataCopy(tx, {
      id: crypto.randomUUID(),
      memberId,
      ip: ip?.slice(0, 64) ?? null,
      expiresAt: new Date(now.getTime() + DATA_COPY_LINK_SECONDS * 1000),
    });
  });
  ctx.log.info({ memberId, dataCopyId: row.id }, 'member data copy made');
  return present(ctx, row, now);
}

/** The member's recent copies (newest first, 10), with links for those still downloadable. */
export async function listDataCopies(ctx: AppContext, memberId: string, now = new Date()): Promise<DataCopyList> {
  const list = await repo.recentDataCopies(ctx.db, memberId, 10);
  return { list: list.map((r) => present(ctx, r, now)), dailyLimit: DATA_COPY_DAILY_LIMIT, usedToday: await usedToday(ctx.db, memberId, now) };
}

export interface DownloadLink {
  id: string;
  file: DataCopyFileKind;
  exp: string;
  sig: string;
}

/**
 * Checks a download link for the signed-in member and claims its file: a link made for another member,
 * changed, or past its time is refused as invalid; a file already downloaded as used. Returns the
 * copy's creation time (the file's name).
 */
export async function claimDownload(ctx: AppContext, memberId: string, link: DownloadLink, now = new Date()): Promise<Date> {
  const exp = Number(link.exp);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!/^\d{1,12}$/.test(link.exp) || exp > nowSeconds + DATA_COPY_LINK_SECONDS + 60) throw new AppError(Code.DATA_COPY_LINK_INVALID, LINK_INVALID);
  const want = Buffer.from(signature(ctx, memberId, link.id, link.file, exp));
  const given = Buffer.from(link.sig);
  if (want.length !== given.length || !crypto.timingSafeEqual(want, given)) throw new AppError(Code.DATA_COPY_LINK_INVALID, LINK_INVALID);
  const createdAt = exp < nowSeconds ? null : await repo.claimDataCopyFile(ctx.db, memberId, link.id, link.file, now);
  if (!createdAt) {
    throw new AppError(Code.DATA_COPY_LINK_INVALID, '下载链接已失效（已使用或已过期），请重新申请个人信息副本');
  }
  ctx.log.info({ memberId, dataCopyId: link.id, file: link.file }, 'member data copy downloaded');
  return createdAt;
}

/** The copies a member asked for, for the data copy itself. */
export async function dataCopiesForCopy(db: DbOrTx, memberId: string) {
  return (await repo.allDataCopies(db, memberId)).map((r) => ({
    createdAt: r.createdAt.toISOString(),
    jsonDownloadedAt: r.jsonDownloadedAt?.toISOString() ?? null,
    csvDownloadedAt: r.csvDownloadedAt?.toISOString() ?? null,
  }));
}

import crypto from 'node:crypto';
import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_NAMES,
  Code,
  DISTRIBUTION_PROGRAMME_NAMES,
  DISTRIBUTION_ROLES,
  maskMobile,
  maskName,
  type ApplicationStatus,
  type ConsoleApplication,
  type ConsoleApplicationPage,
  type DistributionApplicationView,
  type DistributionProgramme,
  type DistributionStatus,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { grantRole, memberDisplayNames } from '../accounts/accounts.service.ts';
import { getRealNameForOrder, listRealNames } from '../realname/realname.service.ts';
import type { ApplyInput } from './distribution.schema.ts';
import * as repo from './distribution.repo.ts';

/**
 * Joining a programme: a member applies with one of their real-name records; an operator approves
 * (the member becomes a distributor with a share code and the programme's role) or rejects with a
 * reason, after which the member may apply again. Each decision is a conditional update from
 * 审核中, so approving twice makes one distributor.
 */

/** Share codes: 8 characters without the easily confused 0/O and 1/I. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newShareCode(): string {
  return Array.from(crypto.randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentApplication(
  a: repo.ApplicationRow,
  mobile: 'masked' | 'whole',
  inviterName: string | null,
): DistributionApplicationView {
  const programme = a.programme as DistributionProgramme;
  const status = a.status as keyof typeof APPLICATION_STATUS_NAMES;
  return {
    id: a.id,
    programme,
    programmeText: DISTRIBUTION_PROGRAMME_NAMES[programme],
    realName: a.realName,
    idMasked: a.idMasked,
    mobile: mobile === 'whole' ? a.mobile : maskMobile(a.mobile),
    channel: a.channel,
    reason: a.reason,
    inviterName,
    status,
    statusText: APPLICATION_STATUS_NAMES[status],
    rejectReason: a.rejectReason,
    createdAt: a.createdAt.toISOString(),
    reviewedAt: iso(a.reviewedAt),
  };
}

async function inviterNames(db: DbOrTx, rows: repo.ApplicationRow[]) {
  const names = await memberDisplayNames(
    db,
    rows.flatMap((r) => (r.inviterId ? [r.inviterId] : [])),
  );
  return (r: repo.ApplicationRow) => (r.inviterId ? maskName(names.get(r.inviterId)?.name ?? '会员') : null);
}

/** Where the member stands in a programme, with the real-name records the form can offer. */
export async function distributionStatus(
  ctx: AppContext,
  memberId: string,
  programme: DistributionProgramme,
): Promise<DistributionStatus> {
  const [latest, distributor, realNames] = await Promise.all([
    repo.latestApplication(ctx.db, memberId, programme),
    repo.findDistributor(ctx.db, memberId, programme),
    listRealNames(ctx, memberId),
  ]);
  const active = distributor?.status === 'ACTIVE';
  const state = latest ? (latest.status as DistributionStatus['state']) : 'NONE';
  const inviter = latest ? await inviterNames(ctx.db, [latest]) : () => null;
  return {
    programme,
    programmeText: DISTRIBUTION_PROGRAMME_NAMES[programme],
    state,
    stateText: state === 'NONE' ? '未申请' : APPLICATION_STATUS_NAMES[state],
    active,
    shareCode: active ? distributor.shareCode : null,
    latest: latest ? presentApplication(latest, 'masked', inviter(latest)) : null,
    canApply: !distributor && state !== 'PENDING',
    realNames: realNames.map((r) => ({ id: r.id, name: r.name, idMasked: r.idNumberMasked })),
  };
}

const refused = (message: string) => new AppError(Code.DISTRIBUTION_APPLY_REFUSED, message);

/** 推广's invitation code: an active promoter's share code, not the applicant's own. */
async function inviterOf(db: DbOrTx, memberId: string, input: ApplyInput): Promise<string | null> {
  if (!input.inviteCode) return null;
  if (input.programme !== 'PROMOTER') throw refused('分销计划不需要邀请码');
  const found = await repo.findByShareCode(db, input.inviteCode);
  if (!found || found.programme !== 'PROMOTER' || found.status !== 'ACTIVE') throw refused('邀请码不存在或已失效');
  if (found.memberId === memberId) throw refused('不能填写自己的邀请码');
  return found.memberId;
}

export async function apply(ctx: AppContext, memberId: string, input: ApplyInput): Promise<DistributionStatus> {
  const { programme } = input;
  const name = DISTRIBUTION_PROGRAMME_NAMES[programme];
  if (await repo.findDistributor(ctx.db, memberId, programme)) throw refused(`您已是${name}计划的成员`);
  const realName = await getRealNameForOrder(ctx.db, memberId, input.realNameId);
  if (!realName) throw refused('实名信息不存在，请先在“实名信息”中添加');
  const inviterId = await inviterOf(ctx.db, memberId, input);
  const made = await repo.insertApplication(ctx.db, {
    memberId,
    programme,
    realNameId: realName.id,
    realName: realName.name,
    idMasked: realName.masked,
    mobile: input.mobile,
    channel: input.channel,
    reason: input.reason,
    inviterId,
  });
  // The partial unique index keeps one application under review: a second submit finds it taken.
  if (!made) throw refused('您的申请正在审核中，请耐心等待');
  return distributionStatus(ctx, memberId, programme);
}

/* ---- the console ---- */

async function presentForConsole(db: DbOrTx, rows: repo.ApplicationRow[]): Promise<ConsoleApplication[]> {
  const [names, inviter] = await Promise.all([
    memberDisplayNames(
      db,
      rows.map((r) => r.memberId),
    ),
    inviterNames(db, rows),
  ]);
  return rows.map((r) => ({
    ...presentApplication(r, 'whole', inviter(r)),
    memberId: r.memberId,
    memberName: names.get(r.memberId)?.name ?? '会员',
    reviewedBy: r.reviewedBy,
    actions: r.status === 'PENDING' ? ['approve', 'reject'] : [],
  }));
}

export async function opsApplicationPage(
  ctx: AppContext,
  q: repo.ApplicationFilter & { pageNum: number; pageSize: number },
): Promise<ConsoleApplicationPage> {
  const [{ list, total }, found] = await Promise.all([
    repo.pageApplications(ctx.db, q, q.pageNum, q.pageSize),
    repo.countApplicationsByStatus(ctx.db, { programme: q.programme, keyword: q.keyword }),
  ]);
  const counts = Object.fromEntries([
    ['ALL', 0],
    ...APPLICATION_STATUSES.map((s) => [s, 0]),
  ]) as ConsoleApplicationPage['counts'];
  for (const r of found) {
    if ((APPLICATION_STATUSES as readonly string[]).includes(r.status)) counts[r.status as ApplicationStatus] = r.n;
    counts.ALL += r.n;
  }
  return { list: await presentForConsole(ctx.db, list), total, pageNum: q.pageNum, pageSize: q.pageSize, counts };
}

export async function opsApplicationDetail(ctx: AppContext, id: number): Promise<ConsoleApplication> {
  const row = await repo.findApplication(ctx.db, id);
  if (!row) throw notFound('申请不存在');
  return (await presentForConsole(ctx.db, [row]))[0]!;
}

function stateError(row: repo.ApplicationRow | undefined) {
  if (!row) return notFound('申请不存在');
  const status = row.status as keyof typeof APPLICATION_STATUS_NAMES;
  return new AppError(Code.DISTRIBUTION_APPLICATION_STATE, `该申请${APPLICATION_STATUS_NAMES[status]}，不能再审核`);
}

/**
 * 通过: the application leaves 审核中 once (a conditional update); the member becomes a distributor
 * with a new share code and the programme's role; in 推广 the named inviter is kept for ever.
 */
export async function approve(ctx: AppContext, id: number, operator: string): Promise<ConsoleApplication> {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.decideApplication(tx, id, 'APPROVED', operator, null);
    if (!row) throw stateError(await repo.findApplication(tx, id));
    const programme = row.programme as DistributionProgramme;
    const inviter = row.inviterId ? await repo.findDistributor(tx, row.inviterId, programme) : undefined;
    for (let attempt = 0; ; attempt++) {
      const made = await repo.insertDistributor(tx, {
        memberId: row.memberId,
        programme,
        shareCode: newShareCode(),
        inviterId: inviter?.status === 'ACTIVE' ? inviter.memberId : null,
        applicationId: row.id,
      });
      if (made) break;
      if (attempt >= 4) throw new Error('share code space exhausted');
    }
    await grantRole(tx, row.memberId, DISTRIBUTION_ROLES[programme]);
  });
  return opsApplicationDetail(ctx, id);
}

export async function reject(
  ctx: AppContext,
  id: number,
  reason: string,
  operator: string,
): Promise<ConsoleApplication> {
  const row = await repo.decideApplication(ctx.db, id, 'REJECTED', operator, reason);
  if (!row) throw stateError(await repo.findApplication(ctx.db, id));
  return opsApplicationDetail(ctx, id);
}

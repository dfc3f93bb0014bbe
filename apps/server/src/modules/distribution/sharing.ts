import QRCode from 'qrcode';
import { distributionSettings } from './distribution-settings.ts';
import {
  Code,
  DISTRIBUTION_PROGRAMME_NAMES,
  maskName,
  type DistributionProgramme,
  type ShareLinkView,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { memberDisplayNames } from '../accounts/accounts.service.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';
import { findTradeSkus } from '../inventory/index.ts';
import { bindingDecision } from './commission-rules.ts';
import { NO_MINI_PROGRAM, type UrlSchemeProvider } from './url-scheme.ts';
import { readShare, signShare } from './share-token.ts';
import * as repo from './distribution.repo.ts';
import * as sharing from './sharing.repo.ts';

/**
 * Sharing: a distributor's link to a goods (with a QR code and what a poster needs), a visitor who
 * opens it remembered by visitor id, and the binding once they sign in. First touch wins: 分销 keeps
 * a buyer with the first sharer for `bindingDays`, 推广 for ever; nobody is bound to themselves.
 */

const DAY_MS = 86_400_000;

export interface VisitResult {
  programme: DistributionProgramme | null;
  /** BOUND: now bound to this sharer; REMEMBERED: kept until the visitor signs in; KEPT: another binding lasts; REFUSED. */
  state: 'BOUND' | 'REMEMBERED' | 'KEPT' | 'REFUSED';
  sharerName: string | null;
  message: string;
}

async function activeDistributor(db: DbOrTx, code: string) {
  const d = await repo.findByShareCode(db, code);
  return d && d.status === 'ACTIVE' ? d : undefined;
}

/** Binds a signed-in buyer to a sharer under the first-touch rule; why not, in Chinese, otherwise. */
async function bindMember(
  ctx: AppContext,
  buyerId: string,
  sharer: repo.DistributorRow,
  bindingDays: number,
  now: Date,
): Promise<VisitResult['state'] | string> {
  const programme = sharer.programme as DistributionProgramme;
  const current = await sharing.findBinding(ctx.db, buyerId, programme);
  const decision = bindingDecision({
    sharerId: sharer.memberId,
    buyerId,
    sharerActive: sharer.status === 'ACTIVE',
    current: current ? { sharerId: current.sharerId, boundAt: current.boundAt, permanent: current.permanent } : null,
    now,
    windowDays: bindingDays,
  });
  if (!decision.bind) return decision.reason === '已绑定该分享人' ? 'BOUND' : decision.reason;
  const permanent = programme === 'PROMOTER';
  const made = await sharing.bind(
    ctx.db,
    { buyerId, programme, sharerId: sharer.memberId, permanent },
    new Date(now.getTime() - bindingDays * DAY_MS),
  );
  return made ? 'BOUND' : '已绑定其他分享人';
}

/**
 * A shared link opened (the goods page calls this with the link's `share`): a signed-in buyer is
 * bound at once, a visitor is remembered by visitor id. An expired or forged link binds nobody; the
 * page still opens, so this answers success with what happened.
 */
export async function visit(
  ctx: AppContext,
  token: string,
  who: { memberId: string | null; visitorId: string | null },
  now = new Date(),
): Promise<VisitResult> {
  const read = readShare(ctx.secrets.dataKey, token, now);
  const refused = (message: string): VisitResult => ({ programme: null, state: 'REFUSED', sharerName: null, message });
  if ('refused' in read) return refused(read.refused);
  const sharer = await activeDistributor(ctx.db, read.code);
  if (!sharer) return refused('分享人不是有效的分销员');
  const programme = sharer.programme as DistributionProgramme;
  const sharerName = maskName(
    (await memberDisplayNames(ctx.db, [sharer.memberId])).get(sharer.memberId)?.name ?? '会员',
  );
  const result = (state: VisitResult['state'], message: string): VisitResult => ({
    programme,
    state,
    sharerName,
    message,
  });
  const { bindingDays } = await distributionSettings(ctx);
  if (who.memberId) {
    const bound = await bindMember(ctx, who.memberId, sharer, bindingDays, now);
    if (bound === 'BOUND') return result('BOUND', `已绑定分享人 ${sharerName}`);
    return result(bound === '已绑定其他分享人' ? 'KEPT' : 'REFUSED', bound);
  }
  if (!who.visitorId) return refused('缺少访客标识');
  const kept = await sharing.recordVisit(
    ctx.db,
    who.visitorId,
    programme,
    sharer.memberId,
    new Date(now.getTime() - bindingDays * DAY_MS),
  );
  return kept ? result('REMEMBERED', `登录后将绑定分享人 ${sharerName}`) : result('KEPT', '已记录先前的分享人');
}

/** After signing in: the links this visitor opened before become bindings (first touch in each programme). */
export async function bindVisits(ctx: AppContext, memberId: string, visitorId: string | null, now = new Date()) {
  if (!visitorId) return { bound: [] as DistributionProgramme[] };
  const { bindingDays } = await distributionSettings(ctx);
  const visits = await sharing.visitsOf(ctx.db, visitorId, new Date(now.getTime() - bindingDays * DAY_MS));
  const bound: DistributionProgramme[] = [];
  for (const v of visits) {
    const sharer = await repo.findDistributor(ctx.db, v.sharerId, v.programme as DistributionProgramme);
    if (sharer?.status === 'ACTIVE' && (await bindMember(ctx, memberId, sharer, bindingDays, now)) === 'BOUND')
      bound.push(sharer.programme as DistributionProgramme);
  }
  await sharing.forgetVisits(ctx.db, visitorId);
  return { bound };
}

/* ---- a distributor's link ---- */

/** The programme a member shares in: the one asked for, else the first they are an active member of. */
async function sharerIn(db: DbOrTx, memberId: string, programme?: DistributionProgramme) {
  for (const p of programme ? [programme] : (['CLASSIC', 'PROMOTER'] as const)) {
    const d = await repo.findDistributor(db, memberId, p);
    if (d?.status === 'ACTIVE') return d;
  }
  throw new AppError(
    Code.DISTRIBUTION_NOT_MEMBER,
    programme ? `您还不是${DISTRIBUTION_PROGRAMME_NAMES[programme]}计划的成员，请先申请加入` : undefined,
  );
}

export async function shareLink(
  ctx: AppContext,
  memberId: string,
  input: { goodsId: number; skuId?: number; programme?: DistributionProgramme },
  origin: string,
  miniProgram: UrlSchemeProvider = NO_MINI_PROGRAM,
  now = new Date(),
): Promise<ShareLinkView> {
  const sharer = await sharerIn(ctx.db, memberId, input.programme);
  const programme = sharer.programme as DistributionProgramme;
  const rules = await sharing.skusOfGoods(ctx.db, programme, [input.goodsId]);
  const rule = input.skuId ? rules.find((r) => r.skuId === input.skuId) : rules[0];
  if (!rule) throw new AppError(Code.BAD_REQUEST, input.skuId ? '该商品规格不是分销商品' : '该商品不是分销商品');
  const goods = (await goodsSummaries(ctx, [input.goodsId])).get(input.goodsId);
  if (!goods?.onShelf) throw new AppError(Code.GOODS_OFF_SHELF, '该商品已下架，不能分享');
  const sku = input.skuId ? (await findTradeSkus(ctx.db, [input.skuId])).get(input.skuId) : undefined;
  const { linkDays } = await distributionSettings(ctx);
  const expiresAt = new Date(now.getTime() + linkDays * DAY_MS);
  const share = signShare(ctx.secrets.dataKey, sharer.shareCode, expiresAt);
  const path = `/goodsDetail?id=${input.goodsId}${input.skuId ? `&skuId=${input.skuId}` : ''}&share=${encodeURIComponent(share)}`;
  const url = `${origin.replace(/\/$/, '')}${path}`;
  const scheme = await miniProgram.urlScheme('pages/goods/detail', `id=${input.goodsId}&share=${share}`, expiresAt);
  return {
    programme,
    programmeText: DISTRIBUTION_PROGRAMME_NAMES[programme],
    shareCode: sharer.shareCode,
    goodsId: input.goodsId,
    skuId: input.skuId ?? null,
    url,
    path,
    qrCode: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 280 }),
    title: goods.name,
    image: sku?.image ?? goods.image,
    priceFen: sku?.priceFen ?? goods.price,
    expiresAt: expiresAt.toISOString(),
    miniProgram:
      'urlScheme' in scheme
        ? { available: true, urlScheme: scheme.urlScheme, reason: null }
        : { available: false, urlScheme: null, reason: scheme.reason },
  };
}

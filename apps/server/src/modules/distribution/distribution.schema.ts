import { z } from 'zod';
import {
  APPLICATION_STATUSES,
  DISTRIBUTION_GOODS_SORTS,
  DISTRIBUTION_PROGRAMMES,
  MOBILE_PATTERN,
  SHARE_CHANNELS,
} from '@mall/shared';
import { enumOf, int, intId, pageQuery, text } from '../../lib/validation.ts';

const programme = enumOf('计划', DISTRIBUTION_PROGRAMMES);

export const programmeQuery = z.object({ programme });

export const applyBody = z.object({
  programme,
  realNameId: text('实名信息', { min: 1, max: 36 }),
  mobile: text('联系手机', { min: 1, max: 11, pattern: MOBILE_PATTERN, patternMessage: '请输入正确的 11 位手机号' }),
  channel: enumOf('分享渠道', SHARE_CHANNELS),
  reason: text('申请理由', { min: 1, max: 200 }),
  inviteCode: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    text('邀请码', { max: 8, pattern: /^[A-Z2-9]{8}$/, patternMessage: '邀请码为 8 位字母或数字' }).optional(),
  ),
});
export type ApplyInput = z.output<typeof applyBody>;

/* ---- the console ---- */

export const applicationPageQuery = z.object({
  ...pageQuery,
  programme: programme.optional(),
  status: enumOf('审核状态', APPLICATION_STATUSES).optional(),
  keyword: text('关键词', { max: 30 }).optional(),
});
export const applicationIdBody = z.object({ id: intId('申请') });
export const rejectBody = z.object({ id: intId('申请'), reason: text('驳回原因', { min: 1, max: 200 }) });

/* ---- sharing ---- */

export const visitBody = z.object({ share: text('分享链接', { min: 1, max: 64 }) });

export const shareLinkBody = z.object({
  goodsId: intId('商品'),
  skuId: intId('商品规格').optional(),
  programme: programme.optional(),
});

const distributionSku = z.object(
  {
    skuId: intId('商品规格'),
    ruleType: enumOf('佣金方式', ['FIXED', 'RATE']).optional(),
    amountFen: int('固定佣金', { min: 1, max: 100_000_000, minMessage: '固定佣金须大于 0' }).optional(),
    basisPoints: int('佣金比例', {
      min: 1,
      max: 5000,
      minMessage: '佣金比例须在 0.01%–50% 之间',
      maxMessage: '佣金比例须在 0.01%–50% 之间',
    }).optional(),
  },
  { error: '分销规格格式不正确' },
);

export const distributionGoodsBody = z
  .object({
    programme,
    goodsId: intId('商品'),
    skus: z
      .array(distributionSku, { error: '分销规格格式不正确' })
      .min(1, '请至少选择一个规格')
      .max(100, '一个商品最多 100 个规格'),
  })
  .superRefine((v, ctx) => {
    const say = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (new Set(v.skus.map((s) => s.skuId)).size !== v.skus.length) say('规格有重复', ['skus']);
    v.skus.forEach((s, i) => {
      if (v.programme === 'PROMOTER') {
        if (s.ruleType || s.amountFen !== undefined || s.basisPoints !== undefined)
          say('推广商品按推广等级比例计佣，不单独设置佣金', ['skus', i]);
      } else if (s.ruleType === 'FIXED') {
        if (s.amountFen === undefined) say(`第 ${i + 1} 个规格：请填写固定佣金`, ['skus', i, 'amountFen']);
        if (s.basisPoints !== undefined) say(`第 ${i + 1} 个规格：固定佣金不用比例`, ['skus', i, 'basisPoints']);
      } else if (s.ruleType === 'RATE') {
        if (s.basisPoints === undefined) say(`第 ${i + 1} 个规格：请填写佣金比例`, ['skus', i, 'basisPoints']);
        if (s.amountFen !== undefined) say(`第 ${i + 1} 个规格：按比例计佣不用固定金额`, ['skus', i, 'amountFen']);
      } else say(`第 ${i + 1} 个规格：请选择佣金方式`, ['skus', i, 'ruleType']);
    });
  });
export type DistributionGoodsInput = z.output<typeof distributionGoodsBody>;

export const distributionGoodsPageQuery = z.object({ ...pageQuery, programme });
export const distributionGoodsRemoveBody = z.object({ programme, goodsId: intId('商品') });

/* ---- income, withdrawals, orders ---- */

export const ledgerQuery = z.object({ ...pageQuery, programme });

const ALIPAY_ACCOUNT = /^(1[3-9]\d{9}|[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,100}\.[A-Za-z]{2,10})$/;
const BANK_CARD = /^\d{12,19}$/;

export const withdrawBody = z
  .object({
    programme,
    amountFen: int('提现金额', {
      min: 1,
      max: 100_000_000,
      minMessage: '请输入提现金额',
      maxMessage: '单笔提现不能超过 ¥1,000,000.00',
    }),
    method: enumOf('提现方式', ['ALIPAY', 'BANK']),
    accountName: text('收款人姓名', { min: 1, max: 30 }),
    accountNo: z.preprocess(
      (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') : v),
      text('收款账号', { min: 1, max: 120 }),
    ),
    bankName: text('开户银行', { min: 1, max: 30 }).optional(),
  })
  .superRefine((v, ctx) => {
    const say = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.method === 'ALIPAY' && !ALIPAY_ACCOUNT.test(v.accountNo))
      say('请输入正确的支付宝账号（手机号或邮箱）', 'accountNo');
    if (v.method === 'BANK') {
      if (!BANK_CARD.test(v.accountNo)) say('银行卡号应为 12–19 位数字', 'accountNo');
      if (!v.bankName) say('请填写开户银行', 'bankName');
    }
  });
export type WithdrawInput = z.output<typeof withdrawBody>;

export const distributionOrdersQuery = z
  .object({
    ...pageQuery,
    programme,
    status: enumOf('佣金状态', ['FROZEN', 'SETTLED', 'REVERSED']).optional(),
    from: z.iso.date({ error: '开始日期格式不正确' }).optional(),
    to: z.iso.date({ error: '结束日期格式不正确' }).optional(),
  })
  .transform((q) => ({
    ...q,
    // Days in Asia/Shanghai: from its first instant up to the end of `to`.
    from: q.from ? new Date(`${q.from}T00:00:00+08:00`) : undefined,
    to: q.to ? new Date(new Date(`${q.to}T00:00:00+08:00`).getTime() + 86_400_000) : undefined,
  }));

export const distributionOrderDetailQuery = z.object({
  programme,
  orderNo: text('订单号', { min: 1, max: 32, pattern: /^\d{8,32}$/, patternMessage: '订单号格式不正确' }),
});

export const withdrawalPageQuery = z.object({
  ...pageQuery,
  programme: programme.optional(),
  status: enumOf('提现状态', ['PENDING', 'PAID', 'REJECTED']).optional(),
});
export const withdrawalIdBody = z.object({ id: intId('提现申请') });
export const approveWithdrawalBody = z.object({
  id: intId('提现申请'),
  payoutRef: text('打款流水号', {
    min: 1,
    max: 64,
    pattern: /^[A-Za-z0-9_-]+$/,
    patternMessage: '打款流水号只能包含字母、数字、- 和 _',
  }),
});
export const rejectWithdrawalBody = z.object({ id: intId('提现申请'), reason: text('驳回原因', { min: 1, max: 200 }) });

/* ---- the member's goods, after-sales and team ---- */

export const memberGoodsQuery = z.object({
  ...pageQuery,
  programme,
  keyword: text('关键词', { max: 30 }).optional(),
  sort: enumOf('排序方式', DISTRIBUTION_GOODS_SORTS).default('default'),
});
export type MemberGoodsQuery = z.output<typeof memberGoodsQuery>;

export const memberAfterSaleQuery = z.object({ ...pageQuery, programme });

export const teamQuery = z.object({ ...pageQuery, tier: enumOf('团队层级', ['DIRECT', 'INDIRECT']).optional() });
export type TeamQuery = z.output<typeof teamQuery>;

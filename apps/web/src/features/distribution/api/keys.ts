import type { DistributionProgramme } from '@mall/shared';

/** Query keys of the 分销 / 推广 screens; everything starts with ['distribution', programme]. */
export const distributionKeys = {
  all: ['distribution'] as const,
  programme: (p: DistributionProgramme) => ['distribution', p] as const,
  status: (p: DistributionProgramme) => ['distribution', p, 'status'] as const,
  income: (p: DistributionProgramme) => ['distribution', p, 'income'] as const,
  summary: (p: DistributionProgramme) => ['distribution', p, 'income', 'summary'] as const,
  ledger: (p: DistributionProgramme, pageNum: number) => ['distribution', p, 'income', 'ledger', pageNum] as const,
  withdrawals: (p: DistributionProgramme, pageNum: number) => ['distribution', p, 'income', 'withdrawals', pageNum] as const,
  team: (tier: string, pageNum: number) => ['distribution', 'PROMOTER', 'team', tier, pageNum] as const,
  orders: (p: DistributionProgramme, q: object) => ['distribution', p, 'orders', q] as const,
  order: (p: DistributionProgramme, orderNo: string) => ['distribution', p, 'order', orderNo] as const,
  goods: (p: DistributionProgramme, q: object) => ['distribution', p, 'goods', q] as const,
  afterSales: (p: DistributionProgramme, pageNum: number) => ['distribution', p, 'afterSales', pageNum] as const,
};

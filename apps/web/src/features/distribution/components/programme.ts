import type { DistributionProgramme } from '@mall/shared';

/** What differs between the two programmes' screens: names and where their pages live. */
export interface ProgrammeMeta {
  programme: DistributionProgramme;
  /** 分销 / 推广 */
  name: string;
  base: string;
  orders: string;
  income: string;
  goods: string;
  afterSales: string;
  orderDetail: (orderNo: string) => string;
}

export const PROGRAMMES: Record<DistributionProgramme, ProgrammeMeta> = {
  CLASSIC: {
    programme: 'CLASSIC',
    name: '分销',
    base: '/user/distribution',
    orders: '/user/distribution/distributionOrder',
    income: '/user/distribution/distributionIncome',
    goods: '/user/distribution/distributionGoods',
    afterSales: '/user/distribution/distributionAfterSale',
    orderDetail: (no) => `/user/distribution/distributionOrderDetail/${encodeURIComponent(no)}`,
  },
  PROMOTER: {
    programme: 'PROMOTER',
    name: '推广',
    base: '/user/newDistribution',
    orders: '/user/newDistribution/newDistributionOrder',
    income: '/user/newDistribution/newDistributionIncome',
    goods: '/user/newDistribution/newDistributionGoods',
    afterSales: '/user/newDistribution/newDistributionAfterSale',
    orderDetail: (no) => `/user/newDistribution/newDistributionOrderDetail/${encodeURIComponent(no)}`,
  },
};

export const COMMISSION_TAG_COLORS: Record<string, string> = {
  FROZEN: 'blue',
  SETTLED: 'green',
  REVERSED: 'default',
  冻结中: 'blue',
  已结算: 'green',
  已退回: 'default',
};

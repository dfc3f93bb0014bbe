import { Alert, Table, Tag, type TableColumnsType } from 'antd';
import { formatFen } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { usePromoterLevels, type PromoterLevelRow } from '../api/distribution.ts';
import { basisPointsText } from '../lib/money.ts';
import styles from '../components/distribution.module.css';

/** What reaching a level asks: settled sales or team size (either is enough); the first level asks nothing. */
function threshold(l: PromoterLevelRow): string {
  if (l.minSettledSalesFen <= 0 && l.minTeamSize <= 0) return '加入推广即为此等级';
  return `已结算销售额满 ${formatFen(l.minSettledSalesFen)} 或团队人数满 ${l.minTeamSize} 人`;
}

/** 推广等级: the 推广 programme's levels, their direct and indirect rates and what reaching each asks. */
export default function LevelsPage() {
  const levels = usePromoterLevels();

  const columns: TableColumnsType<PromoterLevelRow> = [
    {
      title: '等级',
      key: 'name',
      width: 140,
      render: (_, l, i) => (
        <span>
          {l.name}
          {i === 0 ? (
            <Tag style={{ marginLeft: 6 }} variant="filled">
              起始
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      title: '直接推广佣金',
      key: 'direct',
      width: 140,
      render: (_, l) => <span className={styles.money}>{basisPointsText(l.directBasisPoints)}</span>,
    },
    {
      title: '间接推广佣金',
      key: 'indirect',
      width: 140,
      render: (_, l) => <span className={styles.money}>{basisPointsText(l.indirectBasisPoints)}</span>,
    },
    {
      title: '已结算销售额门槛',
      key: 'sales',
      width: 160,
      render: (_, l) => <span className={styles.money}>{formatFen(l.minSettledSalesFen)}</span>,
    },
    { title: '团队人数门槛', key: 'team', width: 140, render: (_, l) => `${l.minTeamSize} 人` },
    { title: '升级条件', key: 'rule', render: (_, l) => threshold(l) },
  ];

  return (
    <PageContainer subTitle="推广员按已结算销售额或团队人数自动升级（满足其一即可）；直接推广按本人等级的直接比例计佣，其邀请人按自己等级的间接比例计佣。">
      <PageContainer.Section>
        {levels.isError && !levels.data ? (
          <LoadError error={levels.error} onRetry={() => void levels.refetch()} />
        ) : (
          <>
            <Table<PromoterLevelRow>
              rowKey="code"
              columns={columns}
              dataSource={levels.data}
              loading={levels.isFetching}
              pagination={false}
              onRow={() => ({ 'data-testid': 'level-row' }) as React.HTMLAttributes<HTMLElement>}
              locale={{ emptyText: '暂无推广等级' }}
            />
            <Alert
              style={{ marginTop: 16 }}
              type="info"
              showIcon
              title="佣金按买家实付金额计算，向下取整到分；按订单支付时推广员所在的等级计算。"
            />
          </>
        )}
      </PageContainer.Section>
    </PageContainer>
  );
}

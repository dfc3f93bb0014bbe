import { Descriptions, Drawer, Progress, Skeleton, Table } from 'antd';
import type { ConsoleActivitySku } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { useActivityDetail } from '../api/activities.ts';
import { soldPercent } from './activity-form.ts';
import { KindTag, PhaseTag, StatusTag, flashFigures, windowText } from './tags.tsx';

const hint = { color: '#595959', fontSize: 12 } as const;

/** 详情: the window, states and each SKU's usual and activity price, units left, sold and given back. */
export function ActivityDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useActivityDetail(id);
  const a = detail.data;
  const flash = a?.kind === 'FLASH_SALE';
  const figures = a ? flashFigures(a) : null;

  return (
    <Drawer title={a ? `活动详情：${a.title}` : '活动详情'} open onClose={onClose} size={960} destroyOnHidden>
      {detail.isError ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !a ? (
        <Skeleton active />
      ) : (
        <div data-testid="activity-detail">
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="活动类型">
              <KindTag a={a} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag a={a} /> 买家看到：
              <PhaseTag a={a} />
            </Descriptions.Item>
            <Descriptions.Item label="活动时间（北京时间）">{windowText(a)}</Descriptions.Item>
            <Descriptions.Item label="每人限购">
              {a.perMemberLimit ? `${a.perMemberLimit} 件` : '不限'}
            </Descriptions.Item>
            {flash && figures ? (
              <Descriptions.Item label="秒杀进度" span={2}>
                已售 {figures.sold} 件 · 剩余 {figures.left} 件 · 已退回商品库存 {figures.returned} 件
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="创建时间">{formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
            <Descriptions.Item label="更新时间">{formatTime(a.updatedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
          </Descriptions>
          <Table<ConsoleActivitySku>
            rowKey="skuId"
            size="small"
            pagination={false}
            dataSource={a.skus}
            onRow={() => ({ 'data-testid': 'activity-detail-sku' }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: '商品规格',
                key: 'sku',
                render: (_: unknown, s) => (
                  <div>
                    <div>{s.goodsName}</div>
                    <div style={hint}>{s.specText}</div>
                  </div>
                ),
              },
              { title: '原价', key: 'usual', width: 100, render: (_: unknown, s) => formatFen(s.usualPriceFen) },
              {
                title: '活动价',
                key: 'price',
                width: 130,
                render: (_: unknown, s) => (
                  <div>
                    <div>{s.activityPriceFen === null ? '不低于原价' : formatFen(s.activityPriceFen)}</div>
                    {s.percent !== null ? (
                      <div style={hint}>{(s.percent / 10).toFixed(1).replace(/\.0$/, '')} 折</div>
                    ) : null}
                  </div>
                ),
              },
              { title: '商品库存', dataIndex: 'goodsStock', width: 90 },
              ...(flash
                ? [
                    { title: '秒杀剩余', dataIndex: 'stock', width: 90 },
                    { title: '已售', dataIndex: 'sold', width: 70 },
                    { title: '已退回', dataIndex: 'returned', width: 80 },
                    {
                      title: '已抢',
                      key: 'progress',
                      width: 150,
                      render: (_: unknown, s: ConsoleActivitySku) => (
                        <Progress
                          percent={soldPercent(s.sold, s.stock + s.returned)}
                          size="small"
                          strokeColor="#c41d7f"
                          aria-label={`已抢 ${soldPercent(s.sold, s.stock + s.returned)}%`}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
    </Drawer>
  );
}

import { useState } from 'react';
import { App, Button, Image, Segmented, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ConsolePointsMallGoods } from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatFen } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useMallPage, useShelfMallGoods, type MallQuery } from '../api/points.ts';
import { MallGoodsModal } from './MallGoodsModal.tsx';
import { priceText } from './money.ts';

const SHELVES: { label: string; value: MallQuery['shelf'] }[] = [
  { label: '全部', value: 'ALL' },
  { label: '已上架', value: 'ON' },
  { label: '已下架', value: 'OFF' },
];

/** 积分商品: the points mall's goods with their stock and state; 新增, 编辑, 上架/下架. */
export function MallGoodsTab() {
  const { message } = App.useApp();
  const [query, setQuery] = useState<MallQuery>({ shelf: 'ALL', pageNum: 1, pageSize: 10 });
  const page = useMallPage(query);
  const shelf = useShelfMallGoods();
  const [modal, setModal] = useState<{ open: boolean; editing: ConsolePointsMallGoods | null }>({ open: false, editing: null });

  async function toggle(g: ConsolePointsMallGoods) {
    try {
      await shelf.mutateAsync({ id: g.id, onShelf: !g.onShelf });
      void message.success(g.onShelf ? '已下架' : '已上架');
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Segmented
          options={SHELVES}
          value={query.shelf}
          onChange={(v) => setQuery((q) => ({ ...q, shelf: v, pageNum: 1 }))}
          aria-label="上架状态"
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, editing: null })}>
          新增积分商品
        </Button>
      </div>
      <QueryTable<ConsolePointsMallGoods>
        query={page}
        rowKey="id"
        scroll={{ x: 960 }}
        onRow={(g) => ({ 'data-testid': 'points-mall-row', 'data-name': g.name }) as React.HTMLAttributes<HTMLElement>}
        pagination={serverPagination({
          pageNum: query.pageNum,
          pageSize: query.pageSize,
          total: page.data?.total ?? 0,
          totalText: (n) => `共 ${n} 个积分商品`,
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
        })}
        locale={{ emptyText: '还没有积分商品，点“新增积分商品”从商品规格创建' }}
        columns={[
          {
            title: '商品',
            key: 'goods',
            render: (_: unknown, g) => (
              <Space>
                {g.image ? <Image src={g.image} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt={g.name} /> : null}
                <div>
                  <div>{g.name}</div>
                  <div style={{ color: '#8c8c8c', fontSize: 12 }}>
                    {g.specText || '默认规格'} · 市场价 {formatFen(g.marketPrice)}
                  </div>
                </div>
              </Space>
            ),
          },
          { title: '分类', dataIndex: 'category', width: 100 },
          { title: '兑换价', key: 'price', width: 170, render: (_: unknown, g) => priceText(g.pointsPrice, g.cashFen) },
          { title: '库存', dataIndex: 'stock', width: 80 },
          { title: '已兑', dataIndex: 'redeemed', width: 80 },
          { title: '每人限兑', dataIndex: 'perMemberLimit', width: 90, render: (n: number) => (n > 0 ? n : '不限') },
          { title: '排序', dataIndex: 'sort', width: 70 },
          {
            title: '状态',
            key: 'state',
            width: 120,
            render: (_: unknown, g) => (
              <Space size={4} wrap>
                {g.onShelf ? <Tag color="success">已上架</Tag> : <Tag>已下架</Tag>}
                {g.goodsOnShelf ? null : (
                  <Tooltip title="商品在商品列表中已下架，买家不能兑换">
                    <Tag color="warning">商品已下架</Tag>
                  </Tooltip>
                )}
                {g.soldOut ? <Tag color="error">已兑完</Tag> : null}
              </Space>
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            fixed: 'right',
            render: (_: unknown, g) => (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setModal({ open: true, editing: g })}>
                  编辑
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger={g.onShelf}
                  disabled={!g.onShelf && !g.goodsOnShelf}
                  loading={shelf.isPending && shelf.variables?.id === g.id}
                  onClick={() => void toggle(g)}
                >
                  {g.onShelf ? '下架' : '上架'}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {modal.open ? <MallGoodsModal open editing={modal.editing} onClose={() => setModal({ open: false, editing: null })} /> : null}
    </>
  );
}

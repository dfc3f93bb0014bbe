import { useMemo, useState } from 'react';
import { App, Button, Empty, Image, Space, Tag, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatCount, formatFen, formatTime } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.tsx';
import { useScopedGoodsPage } from '../api/getStoreGoodsPage.ts';
import { useSetShelf } from '../api/setShelf.ts';
import { useSetStoreShelf } from '../api/storeGoods.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import { ReviewStatusTag } from '../components/ReviewStatusTag.tsx';
import type { GoodsQuery, GoodsRow, GoodsSort } from '../../../entities/goods/types.ts';
import { GoodsFilters, type GoodsFilterValues } from '../components/GoodsFilters.tsx';
import { StockCell } from '../components/StockCell.tsx';
import styles from '../components/GoodsList.module.css';
import { serverPagination } from '../../../lib/pagination.ts';

const SORTS: GoodsSort[] = ['newest', 'updated', 'sales', 'priceAsc', 'priceDesc', 'stockAsc'];
const int = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** The list's query lives in the address, so 返回 and a shared link show the same page. */
function readQuery(params: URLSearchParams): GoodsQuery {
  const shelf = params.get('shelf');
  const stock = params.get('stock');
  const sort = params.get('sort') as GoodsSort | null;
  return {
    keyword: params.get('keyword') || undefined,
    categoryId: int(params.get('categoryId')),
    brandId: int(params.get('brandId')),
    shelf: shelf === 'on' || shelf === 'off' ? shelf : undefined,
    stock: stock === 'inStock' || stock === 'low' || stock === 'soldOut' ? stock : undefined,
    sort: sort && SORTS.includes(sort) ? sort : undefined,
    pageNum: int(params.get('pageNum')) || 1,
    pageSize: [10, 20, 50].includes(int(params.get('pageSize')) ?? 0) ? int(params.get('pageSize'))! : 20,
  };
}

function writeQuery(q: GoodsQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(q))
    if (v !== undefined && v !== '' && !(k === 'pageNum' && v === 1) && !(k === 'pageSize' && v === 20))
      out[k] = String(v);
  return out;
}

const SORT_BY_COLUMN: Record<string, { ascend?: GoodsSort; descend?: GoodsSort }> = {
  price: { ascend: 'priceAsc', descend: 'priceDesc' },
  stock: { ascend: 'stockAsc' },
  sales: { descend: 'sales' },
  updatedAt: { descend: 'updated' },
};

function sortOrderOf(sort: GoodsSort | undefined, column: string): 'ascend' | 'descend' | null {
  const m = SORT_BY_COLUMN[column]!;
  if (!sort) return null;
  return m.ascend === sort ? 'ascend' : m.descend === sort ? 'descend' : null;
}

/**
 * 商品列表: filters, thumbnails, prices, stock with 低库存 and 售罄, shelf state, batch 上架/下架; the
 * 店铺 of a supplier's goods. In 本店商品 (a supplier's console account) the same list shows the
 * store's own goods with their review state, and 上架/下架 only once the shop approved them.
 */
export default function GoodsListPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readQuery(params), [params]);
  const page = useScopedGoodsPage(query);
  const shelf = useSetShelf();
  const storeShelf = useSetStoreShelf();
  const scope = useGoodsScope();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const canEdit = usePermission(scope.store ? 'store:goods' : 'goods:edit');
  const editPath = (id: number) => `${scope.base}/${id}/edit`;
  const [selected, setSelected] = useState<number[]>([]);
  const lowStock = page.data?.lowStock ?? 10;

  const go = (next: Partial<GoodsQuery>) => {
    setSelected([]);
    setParams(writeQuery({ ...query, ...next }));
  };

  const putOnShelf = async (goodsIds: number[], onShelf: boolean) => {
    if (scope.store) {
      await storeShelf.mutateAsync({ goodsId: goodsIds[0]!, onShelf });
      void message.success(onShelf ? '已上架' : '已下架');
      return;
    }
    const done = await shelf.mutateAsync({ goodsIds, onShelf });
    const verb = onShelf ? '上架' : '下架';
    void message.success(done.changed.length ? `已${verb} ${done.changed.length} 件商品` : `所选商品原已${verb}`);
    setSelected([]);
  };

  const columns: TableColumnsType<GoodsRow> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <div className={styles.goods}>
          {g.image ? (
            <Image src={g.image} alt={`预览 ${g.name} 的图片`} width={56} height={56} className={styles.thumb} preview={{ mask: '预览' }} />
          ) : (
            <span className={`${styles.thumb} ${styles.noThumb}`}>
              <PictureOutlined />
            </span>
          )}
          <div className={styles.goodsText}>
            {canEdit ? (
              <Link to={editPath(g.id)} className={styles.goodsName} title={g.name}>
                {g.name}
              </Link>
            ) : (
              <span className={styles.goodsName} title={g.name}>
                {g.name}
              </span>
            )}
            <span className={styles.meta} title={g.categoryPath.join(' / ')}>
              编号 {g.id} · {g.categoryPath.join(' / ') || '—'}
            </span>
            {g.isCrossBorder ? (
              <span>
                <Tag color="blue" variant="filled">
                  跨境
                </Tag>
              </span>
            ) : null}
          </div>
        </div>
      ),
    },
    ...(scope.store
      ? []
      : [
          {
            title: '品牌',
            dataIndex: 'brandName',
            key: 'brand',
            width: 120,
            render: (b: string | null) => b || <span className={styles.count}>—</span>,
          },
          {
            title: '店铺',
            dataIndex: 'storeName',
            key: 'store',
            width: 120,
            render: (name: string | null | undefined) => name || <span className={styles.count}>自营</span>,
          },
        ]),
    {
      title: '价格',
      key: 'price',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf(query.sort, 'price'),
      render: (_, g) => (
        <span className={styles.price}>
          {formatFen(g.priceMin)}
          {g.priceMax !== g.priceMin ? ` – ${formatFen(g.priceMax)}` : ''}
        </span>
      ),
    },
    {
      title: '库存',
      key: 'stock',
      width: 110,
      sorter: true,
      sortDirections: ['ascend'],
      sortOrder: sortOrderOf(query.sort, 'stock'),
      render: (_, g) => <StockCell row={g} lowStock={lowStock} />,
    },
    {
      title: '销量',
      dataIndex: 'sales',
      key: 'sales',
      width: 90,
      sorter: true,
      sortDirections: ['descend'],
      sortOrder: sortOrderOf(query.sort, 'sales'),
      render: (n: number) => formatCount(n),
    },
    {
      title: '状态',
      key: 'shelf',
      width: scope.store ? 170 : 90,
      render: (_, g) => (
        <Space orientation="vertical" size={2}>
          <span>
            {g.onShelf ? <Tag color="success">在售</Tag> : <Tag>已下架</Tag>}
            {g.reviewStatus && (scope.store || g.reviewStatus !== 'APPROVED') ? (
              <ReviewStatusTag status={g.reviewStatus} reason={g.reviewReason} />
            ) : null}
          </span>
          {scope.store && g.reviewStatus === 'REJECTED' && g.reviewReason ? (
            <span className={styles.meta} data-testid="review-reason">
              驳回原因：{g.reviewReason}
            </span>
          ) : null}
        </Space>
      ),
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      width: 170,
      sorter: true,
      sortDirections: ['descend'],
      sortOrder: sortOrderOf(query.sort, 'updatedAt'),
      render: (t: string) => (
        <Tooltip title={`创建于 ${formatTime(t)}`}>
          <span className={styles.nowrap}>{formatTime(t, 'YYYY-MM-DD HH:mm')}</span>
        </Tooltip>
      ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            key: 'action',
            width: 130,
            render: (_: unknown, g: GoodsRow) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(editPath(g.id))}>
                  编辑
                </Button>
                {scope.store && g.reviewStatus !== 'APPROVED' ? null : g.onShelf ? (
                  <ConfirmButton
                    type="link"
                    size="small"
                    title="下架这件商品？"
                    description="下架后买家不能再搜到和购买。"
                    okText="下架"
                    onConfirm={() => putOnShelf([g.id], false)}
                  >
                    下架
                  </ConfirmButton>
                ) : (
                  <Button type="link" size="small" onClick={() => void putOnShelf([g.id], true)}>
                    上架
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const onTableChange: TableProps<GoodsRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = String(s?.columnKey ?? '');
      const sort = s?.order && SORT_BY_COLUMN[key] ? SORT_BY_COLUMN[key][s.order] : undefined;
      go({ sort, pageNum: 1 });
    } else {
      go({ pageNum: pagination.current ?? 1, pageSize: pagination.pageSize ?? query.pageSize });
    }
  };

  const filters: GoodsFilterValues = {
    keyword: query.keyword,
    categoryId: query.categoryId,
    brandId: query.brandId,
    shelf: query.shelf,
    stock: query.stock,
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);

  return (
    <PageContainer
      subTitle={
        scope.store
          ? '新建或修改的商品提交平台审核，审核通过后即可上架；买家在商品页看到本店店铺名'
          : '商品的修改立即出现在买家的搜索、分类和商品页'
      }
      extra={
        canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`${scope.base}/new`)}>
            新建商品
          </Button>
        ) : null
      }
    >
      <PageContainer.Section>
        <GoodsFilters value={filters} lowStock={lowStock} onSearch={(v) => go({ ...v, pageNum: 1 })} />
        <div className={styles.toolbar}>
          {selected.length ? (
            <div className={styles.selection} role="status">
              已选 {selected.length} 件
              <ConfirmButton
                mode="modal"
                size="small"
                danger={false}
                type="primary"
                title={`上架所选的 ${selected.length} 件商品？`}
                description="上架后买家立即可以搜到和购买。"
                okText="上架"
                onConfirm={() => putOnShelf(selected, true)}
              >
                批量上架
              </ConfirmButton>
              <ConfirmButton
                mode="modal"
                size="small"
                title={`下架所选的 ${selected.length} 件商品？`}
                description="下架后买家不能再搜到和购买，购物车中的这些商品将显示为失效。"
                okText="下架"
                onConfirm={() => putOnShelf(selected, false)}
              >
                批量下架
              </ConfirmButton>
              <Button size="small" type="link" onClick={() => setSelected([])}>
                取消选择
              </Button>
            </div>
          ) : (
            <span className={styles.count}>
              {page.data
                ? `共 ${formatCount(page.data.total)} 件商品${canEdit && !scope.store ? '，勾选后可批量上架或下架' : ''}`
                : ' '}
            </span>
          )}
        </div>
        <QueryTable<GoodsRow>
          query={page}
          rowKey="id"
          columns={columns}
          onChange={onTableChange}
          rowSelection={
            canEdit && !scope.store
              ? {
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                  preserveSelectedRowKeys: false,
                }
              : undefined
          }
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${formatCount(total)} 件`,
          })}
          locale={{
            emptyText: page.isFetching ? (
              ' '
            ) : (
              <Empty className={styles.empty} description={filtered ? '没有符合条件的商品' : '还没有商品'}>
                {filtered ? (
                  <Button
                    onClick={() =>
                      go({
                        keyword: undefined,
                        categoryId: undefined,
                        brandId: undefined,
                        shelf: undefined,
                        stock: undefined,
                        pageNum: 1,
                      })
                    }
                  >
                    清除筛选
                  </Button>
                ) : canEdit ? (
                  <Button type="primary" onClick={() => navigate(`${scope.base}/new`)}>
                    新建商品
                  </Button>
                ) : null}
              </Empty>
            ),
          }}
        />
      </PageContainer.Section>
    </PageContainer>
  );
}

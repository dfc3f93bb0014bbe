import { Descriptions, Drawer, Image, Skeleton, Table, Tag } from 'antd';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { useScopedGoodsDetail } from '../api/getStoreGoodsDetail.ts';
import type { SkuView } from '../../../entities/goods/types.ts';
import { DetailPreview } from './DetailEditor.tsx';
import { ReviewStatusTag } from './ReviewStatusTag.tsx';
import styles from './GoodsList.module.css';

/**
 * A goods read-only, as a reviewer checks it before buyers see it: pictures, names, category, every
 * SKU with its price and stock, the parameters and the detail as the buyer's page shows it.
 */
export function GoodsPreviewDrawer({
  goodsId,
  storeName,
  extra,
  onClose,
}: {
  goodsId: number | null;
  storeName?: string | null;
  extra?: React.ReactNode;
  onClose: () => void;
}) {
  const detail = useScopedGoodsDetail(goodsId);
  const g = detail.data;
  return (
    <Drawer title="商品详情" open={goodsId !== null} onClose={onClose} size={720} destroyOnHidden extra={extra}>
      {detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : detail.isError || !g ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div data-testid="goods-preview">
          <Image.PreviewGroup>
            <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 16 }}>
              {g.images.map((src, i) => (
                <Image
                  key={src}
                  src={src}
                  alt={i === 0 ? '主图' : ''}
                  width={96}
                  height={96}
                  style={{ objectFit: 'cover' }}
                />
              ))}
            </div>
          </Image.PreviewGroup>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 100 } }}
            items={[
              { key: 'n', label: '商品名称', children: g.name },
              ...(g.subtitle ? [{ key: 'st', label: '副标题', children: g.subtitle }] : []),
              { key: 's', label: '店铺', children: storeName ?? g.storeName ?? '自营' },
              {
                key: 'r',
                label: '审核状态',
                children: g.reviewStatus ? <ReviewStatusTag status={g.reviewStatus} reason={g.reviewReason} /> : '—',
              },
              ...(g.reviewStatus === 'REJECTED' && g.reviewReason
                ? [{ key: 'rr', label: '驳回原因', children: g.reviewReason }]
                : []),
              { key: 'c', label: '分类', children: g.categoryPath.map((c) => c.name).join(' / ') || '—' },
              ...(g.brandName ? [{ key: 'b', label: '品牌', children: g.brandName }] : []),
              { key: 'x', label: '跨境商品', children: g.isCrossBorder ? <Tag color="blue">跨境</Tag> : '否' },
              { key: 'u', label: '提交时间', children: formatTime(g.updatedAt) },
            ]}
          />
          <h4 style={{ margin: '20px 0 8px' }}>规格与价格</h4>
          <Table<SkuView>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={g.skus}
            columns={[
              {
                title: '规格',
                key: 'specs',
                render: (_, s) => Object.values(s.specs).join(' / ') || '默认规格',
              },
              { title: '售价', dataIndex: 'price', width: 100, align: 'right', render: (f: number) => formatFen(f) },
              {
                title: '划线价',
                dataIndex: 'marketPrice',
                width: 100,
                align: 'right',
                render: (f: number) => (f ? formatFen(f) : '—'),
              },
              { title: '库存', dataIndex: 'stock', width: 80, align: 'right' },
              { title: '编码', dataIndex: 'code', width: 140, render: (c: string) => c || '—' },
            ]}
          />
          {g.params.length ? (
            <>
              <h4 style={{ margin: '20px 0 8px' }}>规格参数</h4>
              <Descriptions
                column={2}
                size="small"
                bordered
                items={g.params.map((p, i) => ({ key: i, label: p.name, children: p.value }))}
              />
            </>
          ) : null}
          <h4 style={{ margin: '20px 0 8px' }}>商品详情</h4>
          <div className={styles.meta} style={{ marginBottom: 8 }}>
            买家在商品页看到的内容
          </div>
          <DetailPreview blocks={g.detail} />
        </div>
      )}
    </Drawer>
  );
}

import { useState } from 'react';
import { App, Button, Image, Space, Tabs, type TableColumnsType } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { ReviewActions } from '../../../components/ReviewActions.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { TextDialog } from '../../../components/TextDialog.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { useListParams } from '../../../lib/useListParams.ts';
import {
  useApproveGoods,
  useRejectGoods,
  useReviewGoodsPage,
  type ReviewGoodsRow,
  type ReviewQuery,
} from '../api/goodsReview.ts';
import type { ReviewStatus } from '../../../entities/goods/types.ts';
import { GoodsPreviewDrawer } from '../components/GoodsPreviewDrawer.tsx';
import { REVIEW_STATUS_NAMES, ReviewStatusTag } from '../components/ReviewStatusTag.tsx';
import styles from '../components/GoodsList.module.css';

const STATUSES = ['PENDING', 'REJECTED', 'APPROVED'] as const satisfies readonly ReviewStatus[];
const TABS = STATUSES.map((s) => ({ key: s, label: s === 'PENDING' ? '待审核' : REVIEW_STATUS_NAMES[s] }));

function Actions({
  g,
  onReject,
  onDone,
  type = 'link',
}: {
  g: ReviewGoodsRow;
  onReject: (g: ReviewGoodsRow) => void;
  onDone?: () => void;
  type?: 'link' | 'default';
}) {
  const { message } = App.useApp();
  const approve = useApproveGoods();
  if (g.reviewStatus !== 'PENDING') return null;
  return (
    <ReviewActions
      type={type}
      approve={{
        title: `通过「${g.name}」？`,
        description: '通过后商品立即上架，买家可以搜到和购买。',
        onConfirm: async () => {
          await approve.mutateAsync({ goodsId: g.id });
          onDone?.();
          void message.success('已通过，商品已上架');
        },
      }}
      onReject={() => onReject(g)}
    />
  );
}

/** 商品审核: the goods suppliers submitted (待审核 first), opened read-only, 通过 (on shelf) or 驳回 with a reason. */
export default function GoodsReviewPage() {
  const { params, pick, page, update, onPage } = useListParams();
  const status = pick('status', STATUSES) ?? 'PENDING';
  const query: ReviewQuery = { status, keyword: params.get('keyword')?.trim().slice(0, 50) || undefined, ...page };
  const list = useReviewGoodsPage(query);
  const reject = useRejectGoods();
  const { message } = App.useApp();
  const [open, setOpen] = useState<ReviewGoodsRow | null>(null);
  const [rejecting, setRejecting] = useState<ReviewGoodsRow | null>(null);

  const columns: TableColumnsType<ReviewGoodsRow> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, g) => (
        <div className={styles.goods}>
          {g.image ? (
            <Image src={g.image} alt="" width={56} height={56} className={styles.thumb} preview={{ mask: '预览' }} />
          ) : (
            <span className={`${styles.thumb} ${styles.noThumb}`}>
              <PictureOutlined />
            </span>
          )}
          <div className={styles.goodsText}>
            <a className={styles.goodsName} title={g.name} onClick={() => setOpen(g)}>
              {g.name}
            </a>
            <span className={styles.meta}>编号 {g.id}</span>
          </div>
        </div>
      ),
    },
    { title: '店铺', dataIndex: 'storeName', key: 'store', width: 140 },
    {
      title: '价格',
      key: 'price',
      width: 160,
      render: (_, g) => (
        <span className={styles.price}>
          {formatFen(g.priceMin)}
          {g.priceMax !== g.priceMin ? ` – ${formatFen(g.priceMax)}` : ''}
        </span>
      ),
    },
    {
      title: '提交时间',
      dataIndex: 'submittedAt',
      key: 'submittedAt',
      width: 160,
      render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '状态',
      key: 'status',
      width: 170,
      render: (_, g) => (
        <Space orientation="vertical" size={2}>
          <ReviewStatusTag status={g.reviewStatus} />
          {g.reviewReason && g.reviewStatus === 'REJECTED' ? (
            <span className={styles.meta}>{g.reviewReason}</span>
          ) : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, g) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(g)}>
            查看
          </Button>
          <Actions g={g} onReject={setRejecting} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer subTitle="供应商新建或修改的商品须经审核：通过后立即上架；驳回需填写原因，供应商修改后重新提交。">
      <PageContainer.Section>
        <Tabs
          activeKey={status}
          onChange={(k) => update({ status: k === 'PENDING' ? undefined : k, page: undefined })}
          items={TABS}
        />
        <div className={styles.toolbar}>
          <ListSearch
            applied={query.keyword}
            onSearch={(words) => update({ keyword: words, page: undefined })}
            placeholder="商品名称 / 店铺名称"
            aria-label="搜索待审核商品"
            maxLength={50}
          />
        </div>
        <QueryTable<ReviewGoodsRow>
          query={list}
          rowKey="id"
          columns={columns}
          onRow={(g) => ({ 'data-testid': 'review-goods-row', 'data-id': g.id }) as React.HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: query.keyword ? '没有符合条件的商品' : status === 'PENDING' ? '没有待审核的商品' : '暂无商品',
          }}
          pagination={serverPagination({
            ...page,
            total: list.data?.total,
            totalText: (total) => `共 ${total} 件商品`,
            onChange: onPage,
          })}
        />
      </PageContainer.Section>
      <GoodsPreviewDrawer
        goodsId={open?.id ?? null}
        storeName={open?.storeName}
        extra={open ? <Actions g={open} onReject={setRejecting} onDone={() => setOpen(null)} type="default" /> : null}
        onClose={() => setOpen(null)}
      />
      <TextDialog
        open={Boolean(rejecting)}
        title="驳回商品"
        summary={rejecting ? `驳回「${rejecting.storeName}」的商品「${rejecting.name}」，供应商会看到驳回原因。` : null}
        label="驳回原因"
        okText="确认驳回"
        danger
        multiline
        max={200}
        placeholder="如：商品主图含联系方式，请更换后重新提交"
        pending={reject.isPending}
        onSubmit={async (reason) => {
          await reject.mutateAsync({ goodsId: rejecting!.id, reason });
          setOpen(null);
          void message.success('已驳回');
        }}
        onClose={() => setRejecting(null)}
      />
    </PageContainer>
  );
}

import { useState } from 'react';
import { Button, Image, Rate, Select, Space, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import type { ConsoleReview } from '@mall/shared';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatTime } from '../../../lib/format.ts';
import { PAGE_SIZES, serverPagination } from '../../../lib/pagination.ts';
import { useReviewPage, useShowReview, type ReviewLevelFilter, type ReviewQuery, type ReviewStatusTab } from '../api/reviews.ts';
import { HideReviewModal, ReplyReviewModal } from '../components/ReviewModals.tsx';
import styles from '../components/reviews.module.css';

const TABS: { key: ReviewStatusTab; name: string }[] = [
  { key: 'ALL', name: '全部' },
  { key: 'UNREPLIED', name: '待回复' },
  { key: 'SHOWN', name: '显示中' },
  { key: 'HIDDEN', name: '已隐藏' },
];
const LEVELS: { value: ReviewLevelFilter; label: string }[] = [
  { value: 'ALL', label: '全部评分' },
  { value: 'GOOD', label: '好评（4–5 星）' },
  { value: 'MEDIUM', label: '中评（3 星）' },
  { value: 'BAD', label: '差评（1–2 星）' },
];

function useListState() {
  const [params, setParams] = useSearchParams();
  const status = TABS.find((t) => t.key === params.get('status'))?.key ?? 'ALL';
  const level = LEVELS.find((l) => l.value === params.get('level'))?.value ?? 'ALL';
  const query: ReviewQuery = {
    status,
    level,
    keyword: params.get('keyword') || undefined,
    pageNum: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 10,
  };
  const update = (patch: Record<string, string | number | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === '' || v === 'ALL') next.delete(k);
        else next.set(k, String(v));
      }
      return next;
    });
  return { query, update };
}

function Photos({ urls, label }: { urls: string[]; label: string }) {
  if (!urls.length) return null;
  return (
    <div className={styles.photos}>
      <Image.PreviewGroup>
        {urls.map((url, i) => (
          <Image key={url} src={url} width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} alt={`${label}第 ${i + 1} 张`} />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}

function ReviewCell({ r }: { r: ConsoleReview }) {
  return (
    <div data-testid="console-review">
      <Space size={8} wrap>
        <Rate disabled value={r.rating} style={{ fontSize: 12 }} aria-label={`${r.rating} 星`} />
        <span className={styles.sub}>{formatTime(r.createdAt, 'YYYY-MM-DD HH:mm')}</span>
      </Space>
      <p className={styles.content}>{r.content}</p>
      <Photos urls={r.images} label="评价图片" />
      {r.followUp ? (
        <div className={styles.followUp}>
          <span className={styles.sub}>追评 · {formatTime(r.followUp.createdAt, 'YYYY-MM-DD')}</span>
          <p className={styles.content}>{r.followUp.content}</p>
          <Photos urls={r.followUp.images} label="追评图片" />
        </div>
      ) : null}
      {r.reply ? (
        <div className={styles.reply} data-testid="console-review-reply">
          <span className={styles.sub}>商家回复（{r.reply.by}）：</span>
          {r.reply.content}
        </div>
      ) : null}
    </div>
  );
}

/** 评价管理: every review newest first, by state, stars and keyword; 回复, 隐藏 with a reason, 恢复显示. */
export default function ReviewListPage() {
  const { query, update } = useListState();
  const page = useReviewPage(query);
  const show = useShowReview();
  const [hiding, setHiding] = useState<ConsoleReview | null>(null);
  const [replying, setReplying] = useState<ConsoleReview | null>(null);

  const columns: TableColumnsType<ConsoleReview> = [
    {
      title: '商品',
      key: 'goods',
      width: 240,
      render: (_, r) => (
        <div className={styles.goodsCell}>
          {r.goodsImage ? <img className={styles.thumb} src={r.goodsImage} alt="" loading="lazy" /> : null}
          <div style={{ minWidth: 0 }}>
            <div className={styles.goodsName}>{r.goodsName}</div>
            <div className={styles.sub}>{r.specText || '默认规格'}</div>
            <div className={styles.sub}>订单 {r.orderNo}</div>
          </div>
        </div>
      ),
    },
    { title: '评价', key: 'review', render: (_, r) => <ReviewCell r={r} /> },
    {
      title: '买家',
      key: 'buyer',
      width: 130,
      render: (_, r) => (
        <Space direction="vertical" size={2}>
          <span>{r.nickname}</span>
          {r.anonymous ? <Tag variant="filled">匿名</Tag> : null}
        </Space>
      ),
    },
    {
      title: '状态',
      key: 'state',
      width: 130,
      render: (_, r) =>
        r.hidden ? (
          <Tooltip title={`${r.hidden.by} · ${formatTime(r.hidden.at, 'YYYY-MM-DD HH:mm')}`}>
            <Space direction="vertical" size={2}>
              <Tag color="default">已隐藏</Tag>
              <span className={styles.sub}>{r.hidden.reason}</span>
            </Space>
          </Tooltip>
        ) : (
          <Tag color="green">显示中</Tag>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setReplying(r)}>
            {r.reply ? '修改回复' : '回复'}
          </Button>
          {r.hidden ? (
            <ConfirmButton
              type="link"
              size="small"
              danger={false}
              title="恢复显示这条评价？"
              description="买家在商品评价中将再次看到它。"
              placement="topRight"
              onConfirm={() => show.mutateAsync({ id: r.id })}
            >
              恢复显示
            </ConfirmButton>
          ) : (
            <Button type="link" size="small" danger onClick={() => setHiding(r)}>
              隐藏
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer subTitle="隐藏的评价不再在商品页展示；回复会以“商家回复”显示在评价下方。每次操作都会记入操作日志。">
      <PageContainer.Section>
        <Tabs
          activeKey={query.status}
          onChange={(key) => update({ status: key, page: undefined })}
          items={TABS.map((t) => ({
            key: t.key,
            label: (
              <span>
                {t.name}
                <span className={styles.tabCount}>{page.data?.counts[t.key] ?? '·'}</span>
              </span>
            ),
          }))}
        />
        <div className={styles.toolbar}>
          <Select
            aria-label="评分"
            value={query.level}
            options={LEVELS}
            style={{ width: 160 }}
            onChange={(v) => update({ level: v, page: undefined })}
          />
          <ListSearch
            applied={query.keyword}
            onSearch={(words) => update({ keyword: words, page: undefined })}
            placeholder="商品名称 / 评价内容 / 订单号"
            aria-label="搜索评价"
            maxLength={50}
          />
        </div>
        <QueryTable<ConsoleReview>
          query={page}
          rowKey="id"
          columns={columns}
          locale={{ emptyText: query.keyword ? '没有符合条件的评价' : '暂无评价' }}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${total} 条评价`,
            onChange: (p, size) => update({ page: p === 1 ? undefined : p, size: size === 10 ? undefined : size }),
          })}
        />
      </PageContainer.Section>
      <HideReviewModal review={hiding} onClose={() => setHiding(null)} />
      <ReplyReviewModal review={replying} onClose={() => setReplying(null)} />
    </PageContainer>
  );
}

import { useState } from 'react';
import { Avatar, Image, Pagination, Radio, Rate } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { REVIEW_FILTER_KEYS, REVIEW_FILTERS, type GoodsReview, type ReviewFilter } from '@mall/shared';
import { EmptyState, Loading } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { REVIEW_PAGE_SIZE, useGoodsReviews } from '../api/getGoodsReviews.ts';
import styles from './reviews.module.css';

function Photos({ urls, label }: { urls: string[]; label: string }) {
  if (!urls.length) return null;
  return (
    <div className={styles.photos}>
      <Image.PreviewGroup>
        {urls.map((url, i) => (
          <Image
            key={url}
            src={url}
            alt={`${label}第 ${i + 1} 张`}
            width={72}
            height={72}
            style={{ objectFit: 'cover', borderRadius: 4 }}
            preview={{ cover: '查看大图' }}
          />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}

function ReviewItem({ review }: { review: GoodsReview }) {
  return (
    <li className={styles.item} data-testid="goods-review">
      <div className={styles.author}>
        <Avatar size={32} src={review.authorAvatar ?? undefined} icon={<UserOutlined />} alt="" />
        <span className={styles.authorName}>{review.authorName}</span>
      </div>
      <div className={styles.body}>
        <div className={styles.meta}>
          <Rate disabled value={review.rating} style={{ fontSize: 13 }} aria-label={`${review.rating} 星`} />
          {review.specText ? <span>{review.specText}</span> : null}
          <span>{formatTime(review.createdAt, 'YYYY-MM-DD')}</span>
        </div>
        <p className={styles.content}>{review.content}</p>
        <Photos urls={review.images} label="评价图片" />
        {review.followUp ? (
          <div className={styles.followUp} data-testid="review-follow-up">
            <div className={styles.followUpTitle}>
              {review.followUp.daysAfter > 0 ? `用户${review.followUp.daysAfter}天后追评` : '用户当天追评'}
            </div>
            <p className={styles.content}>{review.followUp.content}</p>
            <Photos urls={review.followUp.images} label="追评图片" />
          </div>
        ) : null}
        {review.reply ? (
          <div className={styles.reply} data-testid="review-reply">
            商家回复：{review.reply.content}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The goods page's 评价 tab: 好评率, filters with counts (全部 / 有图 / 好评 / 中评 / 差评) and pages of reviews. */
export function GoodsReviews({ goodsId }: { goodsId: number }) {
  const [filter, setFilter] = useState<ReviewFilter>('ALL');
  const [pageNum, setPageNum] = useState(1);
  const reviews = useGoodsReviews(goodsId, filter, pageNum);
  const data = reviews.data;

  if (reviews.isLoading) return <Loading />;
  if (reviews.isError || !data) return <LoadError title="评价加载失败" error={reviews.error} onRetry={() => void reviews.refetch()} />;
  const { summary } = data;

  return (
    <section aria-label="商品评价">
      <div className={styles.summary}>
        <div className={styles.rate}>
          <span className={styles.rateNumber} data-testid="good-rate">
            {summary.goodRate === null ? '暂无' : `${summary.goodRate}%`}
          </span>
          <span className={styles.rateLabel}>好评率</span>
        </div>
        <Radio.Group
          optionType="button"
          aria-label="评价筛选"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as ReviewFilter);
            setPageNum(1);
          }}
          options={REVIEW_FILTER_KEYS.map((k) => ({ value: k, label: `${REVIEW_FILTERS[k]}(${summary.counts[k]})` }))}
          style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
        />
      </div>
      {data.list.length === 0 ? (
        <EmptyState text={summary.total === 0 ? '暂无评价，购买后来写第一条评价吧' : `暂无${REVIEW_FILTERS[filter]}评价`} />
      ) : (
        <div style={{ opacity: reviews.isFetching ? 0.6 : 1 }} aria-busy={reviews.isFetching}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {data.list.map((r) => (
              <ReviewItem key={r.id} review={r} />
            ))}
          </ul>
          <div className={styles.pager}>
            <Pagination
              current={data.pageNum}
              pageSize={REVIEW_PAGE_SIZE}
              total={data.total}
              showSizeChanger={false}
              onChange={setPageNum}
              hideOnSinglePage
              simple={{ readOnly: true }}
            />
          </div>
        </div>
      )}
    </section>
  );
}


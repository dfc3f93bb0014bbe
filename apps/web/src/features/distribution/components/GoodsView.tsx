import { useState } from 'react';
import { Button, Input, Segmented } from 'antd';
import { PictureOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import {
  DISTRIBUTION_GOODS_SORTS,
  formatFen,
  type DistributionGoodsCard,
  type DistributionGoodsSort,
  type DistributionProgramme,
} from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { GOODS_PAGE_SIZE, useDistributionGoods } from '../api/goods.ts';
import { Pager } from './Pager.tsx';
import { PROGRAMMES } from './programme.ts';
import { ShareModal } from './ShareModal.tsx';
import styles from './distribution.module.css';

const SORT_NAMES: Record<DistributionGoodsSort, string> = {
  default: '默认',
  commission: '佣金',
  price: '价格',
  sales: '销量',
};

function GoodsCard({ g, phone, onShare }: { g: DistributionGoodsCard; phone: boolean; onShare: () => void }) {
  const href = `/goodsDetail?id=${g.goodsId}`;
  return (
    <li className={styles.goodsCard} data-testid="distribution-goods">
      <Link to={href} className={styles.goodsImage} aria-label={g.goodsName}>
        {g.image ? <img src={g.image} alt="" loading="lazy" /> : <PictureOutlined style={{ fontSize: 32, color: '#ccc' }} />}
      </Link>
      <div className={styles.goodsBody}>
        <Link to={href} className={styles.goodsName}>
          {g.goodsName}
        </Link>
        <div className={styles.earnLine}>
          <span className={styles.earn} data-testid="goods-earn">
            赚 {formatFen(g.commissionFen)}
          </span>
          <span className={styles.muted}>{g.commissionText}</span>
        </div>
        <div className={styles.cardFoot}>
          <div style={{ minWidth: 0 }}>
            <div className={styles.money}>{formatFen(g.priceFen)}</div>
            <div className={styles.muted}>已售 {g.salesCount}</div>
          </div>
          {/* Two cards a row on a phone: the icon alone, so the price keeps its room. */}
          <Button
            type="primary"
            size="small"
            shape={phone ? 'circle' : undefined}
            icon={<ShareAltOutlined />}
            onClick={onShare}
            aria-label={`分享 ${g.goodsName}`}
          >
            {phone ? null : '分享'}
          </Button>
        </div>
      </div>
    </li>
  );
}

/** 分销商品 / 推广商品: the programme's goods with what the member earns, search, sort and 分享. */
export function GoodsView({ programme }: { programme: DistributionProgramme }) {
  const meta = PROGRAMMES[programme];
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const sortParam = params.get('sort') as DistributionGoodsSort | null;
  const sort = sortParam && DISTRIBUTION_GOODS_SORTS.includes(sortParam) ? sortParam : 'default';
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const goods = useDistributionGoods(programme, { keyword, sort, pageNum });
  const [sharing, setSharing] = useState<DistributionGoodsCard | null>(null);
  const [typed, setTyped] = useState(keyword);

  const go = (next: { keyword?: string; sort?: string; page?: number }) => {
    const merged = { keyword, sort, page: 1, ...next };
    const p = new URLSearchParams();
    if (merged.keyword) p.set('keyword', merged.keyword);
    if (merged.sort !== 'default') p.set('sort', merged.sort);
    if (merged.page > 1) p.set('page', String(merged.page));
    setParams(p, { replace: true });
  };
  const data = goods.data;

  return (
    <Panel title={`${meta.name}商品`}>
      <div className={styles.filters}>
        <Input.Search
          aria-label={`搜索${meta.name}商品`}
          placeholder="搜索商品名称"
          allowClear
          maxLength={30}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(v) => go({ keyword: v.trim() })}
          enterButton="搜索"
          style={{ width: phone ? '100%' : 320 }}
        />
        <Segmented<DistributionGoodsSort>
          aria-label="排序"
          value={sort}
          block={phone}
          onChange={(v) => go({ sort: v })}
          options={DISTRIBUTION_GOODS_SORTS.map((s) => ({ value: s, label: SORT_NAMES[s] }))}
        />
      </div>
      {goods.isPending ? (
        <Loading />
      ) : goods.isError || !data ? (
        <LoadError error={goods.error} onRetry={() => void goods.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState text={keyword ? `没有找到与“${keyword}”相关的${meta.name}商品` : `暂无${meta.name}商品`} />
      ) : (
        <ul className={styles.goodsGrid} aria-busy={goods.isFetching}>
          {data.list.map((g) => (
            <GoodsCard key={g.goodsId} g={g} phone={phone} onShare={() => setSharing(g)} />
          ))}
        </ul>
      )}
      {data ? <Pager pageNum={data.pageNum} pageSize={GOODS_PAGE_SIZE} total={data.total} onChange={(page) => go({ page })} /> : null}
      <ShareModal programme={programme} goods={sharing} onClose={() => setSharing(null)} />
    </Panel>
  );
}

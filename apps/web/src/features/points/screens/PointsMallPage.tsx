import { Pagination, Select, Skeleton, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useSession } from '../../../lib/session.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { usePointsBalance, usePointsMall, type MallSort } from '../api/points.ts';
import { MallCard } from '../components/MallCard.tsx';
import styles from '../components/points.module.css';

const SORTS: { label: string; value: MallSort }[] = [
  { label: '综合排序', value: 'DEFAULT' },
  { label: '积分从低到高', value: 'POINTS_ASC' },
  { label: '积分从高到低', value: 'POINTS_DESC' },
  { label: '热门兑换', value: 'HOT' },
];
const PAGE_SIZE = 20;

function readSort(raw: string | null): MallSort {
  return SORTS.some((s) => s.value === raw) ? (raw as MallSort) : 'DEFAULT';
}

/** 积分商城: goods on shelf by category, sorted by points or 热门, paged; the choice lives in the address. */
export default function PointsMallPage() {
  const phone = useIsPhone();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const sort = readSort(params.get('sort'));
  const pageNum = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const mall = usePointsMall({ category: category || undefined, sort, pageNum, pageSize: PAGE_SIZE });
  const balance = usePointsBalance(Boolean(user));

  function choose(next: { category?: string; sort?: MallSort; page?: number }) {
    const p = new URLSearchParams(params);
    const set = (k: string, v: string | undefined) => (v ? p.set(k, v) : p.delete(k));
    if (next.category !== undefined) set('category', next.category);
    if (next.sort !== undefined) set('sort', next.sort === 'DEFAULT' ? undefined : next.sort);
    set('page', next.page && next.page > 1 ? String(next.page) : undefined);
    setParams(p);
  }

  const categories = mall.data?.categories ?? [];
  const all = categories.reduce((n, c) => n + c.count, 0);
  return (
    <div data-testid="points-mall">
      <Panel
        title="积分商城"
        extra={
          user ? (
            <span style={{ color: '#6b6b6b' }}>
              我的积分 <strong style={{ color: '#7b5a98' }} data-testid="points-mall-balance">{balance.data?.balance ?? '—'}</strong>
              <Link to="/points" style={{ color: '#7b5a98', marginInlineStart: 12 }}>
                签到赚积分 ›
              </Link>
            </span>
          ) : (
            <Link to="/points" style={{ color: '#7b5a98' }}>
              积分中心 ›
            </Link>
          )
        }
      >
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <div className={styles.categories} role="group" aria-label="积分商品分类">
            <Tag.CheckableTag checked={!category} onChange={() => choose({ category: '' })}>
              全部{all ? ` (${all})` : ''}
            </Tag.CheckableTag>
            {categories.map((c) => (
              <Tag.CheckableTag key={c.name} checked={category === c.name} onChange={() => choose({ category: c.name })}>
                {c.name} ({c.count})
              </Tag.CheckableTag>
            ))}
          </div>
          <Select<MallSort>
            aria-label="排序"
            value={sort}
            options={SORTS}
            onChange={(v) => choose({ sort: v })}
            style={{ width: phone ? '100%' : 160 }}
          />
        </div>
      </Panel>
      <Panel>
        {mall.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : mall.isError ? (
          <LoadError error={mall.error} onRetry={() => void mall.refetch()} />
        ) : mall.data.list.length === 0 ? (
          <EmptyState text={category ? '该分类暂无积分商品' : '积分商城暂无商品'} />
        ) : (
          <>
            <div className={styles.grid} style={{ opacity: mall.isPlaceholderData ? 0.6 : 1 }}>
              {mall.data.list.map((g) => (
                <MallCard key={g.id} goods={g} />
              ))}
            </div>
            {mall.data.total > PAGE_SIZE ? (
              <Pagination
                style={{ marginTop: 20, justifyContent: 'center' }}
                current={pageNum}
                pageSize={PAGE_SIZE}
                total={mall.data.total}
                showSizeChanger={false}
                simple={phone}
                onChange={(n) => choose({ page: n })}
              />
            ) : null}
          </>
        )}
      </Panel>
    </div>
  );
}

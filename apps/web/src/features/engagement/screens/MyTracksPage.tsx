import { useMemo, useState } from 'react';
import { Button, Card, Checkbox, Empty, Popconfirm, Skeleton, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useClearHistory, useHistory, useRemoveHistory } from '../api/history.ts';
import { GoodsTile } from '../components/GoodsTile.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { groupByDay } from '../lib/days.ts';
import styles from '../components/engagement.module.css';
import { useFeedback } from '../../../lib/feedback.ts';

/** 我的足迹: goods viewed in the last 90 days, by day, with today's price and shelf state. */
export default function MyTracksPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const history = useHistory();
  const remove = useRemoveHistory();
  const clear = useClearHistory();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const entries = useMemo(() => history.data?.pages.flatMap((p) => p.list) ?? [], [history.data]);
  const groups = useMemo(() => groupByDay(entries), [entries]);
  const total = history.data?.pages[0]?.total ?? 0;

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const stopSelecting = () => {
    setSelecting(false);
    setSelected(new Set());
  };

  async function removeSelected() {
    const ids = [...selected];
    try {
      const { removed } = await remove.mutateAsync(ids);
      void message.success(`已删除 ${removed} 条浏览记录`);
      stopSelecting();
    } catch {
      // Shown by the request helper.
    }
  }

  async function clearAll() {
    try {
      await clear.mutateAsync(undefined);
      void message.success('浏览记录已清空');
      stopSelecting();
    } catch {
      // Shown by the request helper.
    }
  }

  const allSelected = entries.length > 0 && selected.size === entries.length;
  const toolbar =
    entries.length === 0 ? null : selecting ? (
      <div className={styles.toolbar}>
        <Checkbox
          checked={allSelected}
          indeterminate={selected.size > 0 && !allSelected}
          onChange={() => setSelected(allSelected ? new Set() : new Set(entries.map((e) => e.id)))}
        >
          全选
        </Checkbox>
        <span style={{ color: '#666' }}>已选 {selected.size} 条</span>
        <span style={{ flex: 1 }} />
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={selected.size === 0}
          loading={remove.isPending}
          onClick={removeSelected}
        >
          删除所选
        </Button>
        <Button onClick={stopSelecting}>完成</Button>
      </div>
    ) : null;

  return (
    <Card
      title="我的足迹"
      extra={
        entries.length > 0 && !selecting ? (
          <Space>
            <span style={{ color: '#6b6b6b', fontSize: 12 }}>共 {total} 条，保留最近 90 天</span>
            <Button onClick={() => setSelecting(true)}>管理</Button>
            <Popconfirm
              title="清空全部浏览记录？"
              description="清空后无法恢复"
              okText="清空"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={clearAll}
            >
              <Button danger loading={clear.isPending}>
                清空
              </Button>
            </Popconfirm>
          </Space>
        ) : null
      }
    >
      {history.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : history.isError ? (
        <LoadError onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <Empty description="暂无浏览记录，去看看喜欢的商品吧" style={{ padding: '48px 0' }}>
          <Button type="primary" onClick={() => void navigate('/')}>
            去逛逛
          </Button>
        </Empty>
      ) : (
        <>
          {toolbar}
          {groups.map((g) => (
            <section key={g.day} data-testid="tracks-day" data-day={g.day}>
              <h3 className={styles.dayTitle}>
                <span data-testid="tracks-day-label">{g.label}</span>
                <span className={styles.dayCount}>{g.items.length} 件商品</span>
              </h3>
              <div className={styles.grid}>
                {g.items.map((e) => (
                  <GoodsTile
                    key={e.id}
                    testId="track-item"
                    goods={e.goods}
                    selecting={selecting}
                    selected={selected.has(e.id)}
                    onToggle={() => toggle(e.id)}
                    onOpen={() =>
                      e.goods ? void navigate(`/goodsDetail?id=${e.goodsId}`) : void message.info('该商品已不存在')
                    }
                    action={
                      <Button
                        size="small"
                        shape="circle"
                        icon={<DeleteOutlined />}
                        aria-label="删除这条记录"
                        title="删除这条记录"
                        onClick={() => remove.mutate([e.id], { onSuccess: () => void message.success('已删除') })}
                      />
                    }
                  />
                ))}
              </div>
            </section>
          ))}
          {history.hasNextPage ? (
            <div style={{ textAlign: 'center', marginTop: 24 }}>
              <Button onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
                加载更多
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Button, Card, Checkbox, Empty, Pagination, Popconfirm, Skeleton, Space } from 'antd';
import { HeartOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { FAVORITES_PAGE_SIZE, useFavorites, useRemoveFavorites } from '../api/favorites.ts';
import { GoodsTile } from '../components/GoodsTile.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import styles from '../components/engagement.module.css';
import { useFeedback } from '../../../lib/feedback.ts';

/** 我的收藏: favourite goods with today's price, marked when off the shelf or sold out. */
export default function FavoritesPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const favorites = useFavorites(pageNum);
  const remove = useRemoveFavorites();
  const [selecting, setSelecting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const list = favorites.data?.list ?? [];
  const total = favorites.data?.total ?? 0;

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

  async function removeGoods(goodsIds: number[]) {
    try {
      const { removed } = await remove.mutateAsync(goodsIds);
      void message.success(removed > 1 ? `已取消收藏 ${removed} 件商品` : '已取消收藏');
      setSelected(new Set());
      // The last goods of a later page gone: show the page before it.
      if (pageNum > 1 && removed >= list.length) setPageNum((n) => n - 1);
    } catch {
      // Shown by the request helper.
    }
  }

  const allSelected = list.length > 0 && list.every((f) => selected.has(f.goodsId));

  return (
    <Card
      title="我的收藏"
      extra={
        total > 0 && !selecting ? (
          <Space>
            <span style={{ color: '#6b6b6b', fontSize: 12 }} data-testid="favorites-total">
              共 {total} 件商品
            </span>
            <Button onClick={() => setSelecting(true)}>批量管理</Button>
          </Space>
        ) : null
      }
    >
      {favorites.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : favorites.isError ? (
        <LoadError onRetry={() => void favorites.refetch()} />
      ) : list.length === 0 ? (
        <Empty
          image={<HeartOutlined style={{ fontSize: 64, color: '#d9c9e6' }} />}
          description="还没有收藏的商品"
          style={{ padding: '48px 0' }}
        >
          <Button type="primary" onClick={() => void navigate('/')}>
            去逛逛
          </Button>
        </Empty>
      ) : (
        <>
          {selecting ? (
            <div className={styles.toolbar}>
              <Checkbox
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(list.map((f) => f.goodsId)))}
              >
                全选本页
              </Checkbox>
              <span style={{ color: '#666' }}>已选 {selected.size} 件</span>
              <span style={{ flex: 1 }} />
              <Popconfirm
                title={`取消收藏所选的 ${selected.size} 件商品？`}
                okText="取消收藏"
                cancelText="再想想"
                okButtonProps={{ danger: true }}
                disabled={selected.size === 0}
                onConfirm={() => removeGoods([...selected])}
              >
                <Button danger disabled={selected.size === 0} loading={remove.isPending}>
                  取消收藏
                </Button>
              </Popconfirm>
              <Button onClick={stopSelecting}>完成</Button>
            </div>
          ) : null}
          <div className={styles.grid} style={{ opacity: favorites.isPlaceholderData ? 0.6 : 1 }}>
            {list.map((f) => (
              <GoodsTile
                key={f.goodsId}
                testId="favorite-item"
                goods={f.goods}
                selecting={selecting}
                selected={selected.has(f.goodsId)}
                onToggle={() => toggle(f.goodsId)}
                onOpen={() =>
                  f.goods ? void navigate(`/goodsDetail?id=${f.goodsId}`) : void message.info('该商品已不存在')
                }
                action={
                  <Button size="small" icon={<HeartOutlined />} onClick={() => void removeGoods([f.goodsId])}>
                    取消收藏
                  </Button>
                }
              />
            ))}
          </div>
          {total > FAVORITES_PAGE_SIZE ? (
            <Pagination
              style={{ marginTop: 24, justifyContent: 'center' }}
              current={pageNum}
              pageSize={FAVORITES_PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              onChange={(n) => {
                setPageNum(n);
                setSelected(new Set());
              }}
            />
          ) : null}
        </>
      )}
    </Card>
  );
}

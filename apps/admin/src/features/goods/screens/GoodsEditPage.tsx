import { Skeleton } from 'antd';
import { useParams } from 'react-router';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { useScopedGoodsDetail } from '../api/getStoreGoodsDetail.ts';
import { GoodsForm } from '../components/GoodsForm.tsx';

/** 新建商品 (/goods/new) and 编辑商品 (/goods/:id/edit). */
export default function GoodsEditPage() {
  const { id } = useParams();
  const goodsId = id === undefined ? null : /^[1-9]\d{0,8}$/.test(id) ? Number(id) : -1;
  const detail = useScopedGoodsDetail(goodsId !== null && goodsId > 0 ? goodsId : null);

  if (goodsId === null) return <GoodsForm initial={null} />;
  if (goodsId < 0) {
    return (
      <PageContainer title="编辑商品">
        <LoadError title="商品不存在" message="地址中的商品编号不正确" />
      </PageContainer>
    );
  }
  if (detail.isError) {
    return (
      <PageContainer title="编辑商品">
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      </PageContainer>
    );
  }
  if (!detail.data) {
    return (
      <PageContainer title="编辑商品">
        <Skeleton active paragraph={{ rows: 12 }} />
      </PageContainer>
    );
  }
  return <GoodsForm key={detail.data.updatedAt} initial={detail.data} />;
}

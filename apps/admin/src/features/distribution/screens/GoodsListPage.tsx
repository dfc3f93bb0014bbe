import { useState } from 'react';
import { App, Button, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  DISTRIBUTION_PROGRAMMES,
  DISTRIBUTION_PROGRAMME_NAMES,
  formatFen,
  type DistributionProgramme,
} from '@mall/shared';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { serverPagination } from '../../../lib/pagination.ts';
import { usePermission } from '../../../lib/permission.tsx';
import {
  useDistributionGoodsPage,
  useRemoveDistributionGoods,
  type DistributionGoodsRow,
} from '../api/distribution.ts';
import { GoodsFormDrawer } from '../components/GoodsFormDrawer.tsx';
import { useListParams } from '../../../lib/useListParams.ts';
import styles from '../components/distribution.module.css';

function SkuList({ g, programme }: { g: DistributionGoodsRow; programme: DistributionProgramme }) {
  return (
    <ul className={styles.skuList}>
      {g.skus.map((s) => (
        <li key={s.skuId} data-testid="distribution-sku">
          <span>{s.specText || '默认规格'}</span>
          <span className={styles.money}>{formatFen(s.priceFen)}</span>
          <span>{programme === 'CLASSIC' ? `佣金 ${s.ruleText}` : s.ruleText}</span>
          <span className={styles.money}>
            {s.commissionFen !== null ? (
              `每件 ${formatFen(s.commissionFen)}`
            ) : (
              <span className={styles.sub}>见推广等级</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** 分销商品: per programme, the goods that earn commission with each SKU's price and rule; 添加, 编辑, 移除. */
export default function GoodsListPage() {
  const { message } = App.useApp();
  const { pick, page, update, onPage } = useListParams();
  const programme = pick('programme', DISTRIBUTION_PROGRAMMES) ?? 'CLASSIC';
  const list = useDistributionGoodsPage({ programme, ...page });
  const remove = useRemoveDistributionGoods();
  // The goods picker searches the catalogue (商品列表's call).
  const canSearch = usePermission('goods:view');
  const [editing, setEditing] = useState<DistributionGoodsRow | 'new' | null>(null);
  const name = DISTRIBUTION_PROGRAMME_NAMES[programme];

  const columns: TableColumnsType<DistributionGoodsRow> = [
    {
      title: '商品',
      key: 'goods',
      width: 300,
      render: (_, g) => (
        <div className={styles.goodsCell}>
          {g.image ? <img className={styles.thumb} src={g.image} alt="" loading="lazy" /> : null}
          <div style={{ minWidth: 0 }}>
            <div className={styles.goodsName}>{g.goodsName}</div>
            <div className={styles.sub}>
              编号 {g.goodsId}
              {g.onShelf ? null : (
                <Tag style={{ marginLeft: 6 }} variant="filled">
                  已下架
                </Tag>
              )}
            </div>
          </div>
        </div>
      ),
    },
    {
      title: (
        <div className={styles.skuList}>
          <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 90px 120px 110px', gap: 8 }}>
            <span>规格</span>
            <span>售价</span>
            <span>佣金规则</span>
            <span>每件佣金</span>
          </div>
        </div>
      ),
      key: 'skus',
      render: (_, g) => <SkuList g={g} programme={programme} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, g) => (
        <Space size={0}>
          <Button type="link" size="small" disabled={!canSearch} onClick={() => setEditing(g)}>
            编辑
          </Button>
          <ConfirmButton
            type="link"
            size="small"
            title={`将“${g.goodsName}”移出${name}商品？`}
            description={`移出后${name}员不能再分享它赚取佣金；已产生的佣金不受影响。`}
            okText="移除"
            placement="topRight"
            onConfirm={async () => {
              await remove.mutateAsync({ programme, goodsId: g.goodsId });
              void message.success(`已移出${name}商品`);
            }}
          >
            移除
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      subTitle="分销商品按规格设置佣金（固定金额或比例）；推广商品按推广等级的比例计算佣金。"
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!canSearch} onClick={() => setEditing('new')}>
          添加{name}商品
        </Button>
      }
    >
      <PageContainer.Section>
        <Tabs
          activeKey={programme}
          onChange={(key) => update({ programme: key === 'CLASSIC' ? undefined : key, page: undefined })}
          items={DISTRIBUTION_PROGRAMMES.map((p) => ({ key: p, label: `${DISTRIBUTION_PROGRAMME_NAMES[p]}商品` }))}
        />
        <QueryTable<DistributionGoodsRow>
          query={list}
          rowKey="goodsId"
          columns={columns}
          onRow={(g) =>
            ({
              'data-testid': 'distribution-goods-row',
              'data-goods': g.goodsId,
            }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: `还没有${name}商品，点击右上角“添加${name}商品”` }}
          pagination={serverPagination({
            ...page,
            total: list.data?.total,
            totalText: (total) => `共 ${total} 件${name}商品`,
            onChange: onPage,
          })}
        />
      </PageContainer.Section>
      {editing ? (
        <GoodsFormDrawer
          key={`${programme}-${editing === 'new' ? 'new' : editing.goodsId}`}
          programme={programme}
          editing={editing === 'new' ? null : editing}
          listed={list.data?.list}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </PageContainer>
  );
}

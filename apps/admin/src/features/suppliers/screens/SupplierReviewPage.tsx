import { useState } from 'react';
import { Button, Space, Tabs, Tag, type TableColumnsType } from 'antd';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatCount, formatTime } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { useListParams } from '../../../lib/useListParams.ts';
import {
  SUPPLIER_STATUS_NAMES,
  type ConsoleSupplierApplicationRow as SupplierApplicationRow,
  type ConsoleSupplierRow as SupplierStoreRow,
} from '@mall/shared';
import { REVIEW_TABS, useSupplierApplicationPage, useSupplierStorePage } from '../api/suppliers.ts';
import { RejectSupplierDialog, SupplierActions, type ReviewTarget } from '../components/SupplierActions.tsx';
import { SupplierDrawer } from '../components/SupplierDrawer.tsx';
import { SupplierStatusTag } from '../components/SupplierStatusTag.tsx';
import styles from '../components/suppliers.module.css';

/** 待审核 first and by default; 全部 lists every state (the server puts 待审核 first). */
const TAB_NAMES = { PENDING: '待审核', REJECTED: '已驳回', APPROVED: '已通过' } as const;
const STATUS_TABS = [...REVIEW_TABS.map((s) => ({ key: s, label: TAB_NAMES[s] })), { key: 'ALL', label: '全部' }];
const STATUS_KEYS = [...REVIEW_TABS, 'ALL'] as const;
const VIEWS = ['applications', 'stores'] as const;
const STORE_STATUS_COLOR = { ACTIVE: '#237804', DISABLED: '#595959' } as const;

function Applications() {
  const { params, pick, page, update, onPage } = useListParams();
  const tab = pick('status', STATUS_KEYS) ?? 'PENDING';
  const query = {
    status: tab === 'ALL' ? undefined : tab,
    keyword: params.get('keyword')?.trim().slice(0, 50) || undefined,
    ...page,
  };
  const list = useSupplierApplicationPage(query);
  const [open, setOpen] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ReviewTarget | null>(null);

  const columns: TableColumnsType<SupplierApplicationRow> = [
    {
      title: '公司 / 店铺',
      key: 'who',
      render: (_, a) => (
        <div>
          <div>{a.companyName ?? '（未填写公司信息）'}</div>
          <div className={styles.sub}>店铺：{a.storeName ?? '—'}</div>
        </div>
      ),
    },
    {
      title: '联系人',
      key: 'contact',
      width: 170,
      render: (_, a) => (
        <div>
          <div>{a.contactName ?? '—'}</div>
          <div className={styles.sub}>{a.contactMobileMasked ?? ''}</div>
        </div>
      ),
    },
    {
      title: '提交时间',
      key: 'submittedAt',
      width: 160,
      render: (_, a) => formatTime(a.submittedAt, 'YYYY-MM-DD HH:mm') || '—',
    },
    { title: '状态', key: 'status', width: 100, render: (_, a) => <SupplierStatusTag status={a.status} /> },
    {
      title: '审核',
      key: 'reviewed',
      width: 170,
      render: (_, a) =>
        a.reviewedAt ? (
          <div>
            <div>{formatTime(a.reviewedAt, 'YYYY-MM-DD HH:mm')}</div>
            {a.reviewedBy ? <div className={styles.sub}>{a.reviewedBy}</div> : null}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpen(a.id)}>
            详情
          </Button>
          <SupplierActions a={a} onReject={setRejecting} />
        </Space>
      ),
    },
  ];

  return (
    <>
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ status: key === 'PENDING' ? undefined : key, page: undefined })}
        items={STATUS_TABS}
      />
      <div className={styles.toolbar}>
        <ListSearch
          applied={query.keyword}
          onSearch={(words) => update({ keyword: words, page: undefined })}
          placeholder="公司名称 / 店铺名称 / 联系人"
          aria-label="搜索入驻申请"
          maxLength={50}
          width={360}
        />
      </div>
      <QueryTable<SupplierApplicationRow>
        query={list}
        rowKey="id"
        columns={columns}
        onRow={(a) => ({ 'data-testid': 'supplier-row', 'data-id': a.id }) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: query.keyword ? '没有符合条件的申请' : tab === 'PENDING' ? '没有待审核的入驻申请' : '暂无入驻申请',
        }}
        pagination={serverPagination({
          ...page,
          total: list.data?.total,
          totalText: (total) => `共 ${total} 条申请`,
          onChange: onPage,
        })}
      />
      <SupplierDrawer id={open} onReject={setRejecting} onClose={() => setOpen(null)} />
      <RejectSupplierDialog a={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function Stores() {
  const { page, onPage } = useListParams();
  const list = useSupplierStorePage(page);
  const columns: TableColumnsType<SupplierStoreRow> = [
    {
      title: '店铺',
      key: 'store',
      render: (_, s) => (
        <div className={styles.storeCell}>
          {s.storeLogoUrl ? <img src={s.storeLogoUrl} alt="" className={styles.logo} /> : null}
          <div>
            <div>{s.storeName}</div>
            <div className={styles.sub}>{s.companyName}</div>
          </div>
        </div>
      ),
    },
    { title: '会员账号', dataIndex: 'memberMasked', width: 160 },
    { title: '商品数', dataIndex: 'goodsCount', width: 90, render: (n: number) => formatCount(n) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: SupplierStoreRow['status']) => <Tag color={STORE_STATUS_COLOR[s]}>{SUPPLIER_STATUS_NAMES[s]}</Tag>,
    },
    { title: '入驻时间', dataIndex: 'createdAt', width: 170, render: (t: string) => formatTime(t, 'YYYY-MM-DD HH:mm') },
  ];
  return (
    <>
      <QueryTable<SupplierStoreRow>
        query={list}
        rowKey="id"
        columns={columns}
        onRow={() => ({ 'data-testid': 'store-row' }) as React.HTMLAttributes<HTMLElement>}
        locale={{ emptyText: '还没有入驻的供应商' }}
        pagination={serverPagination({
          ...page,
          total: list.data?.total,
          totalText: (total) => `共 ${total} 家供应商`,
          onChange: onPage,
        })}
      />
    </>
  );
}

/** 供应商审核: 入驻申请 (by state, 待审核 first; 详情, 通过, 驳回) and 供应商列表 (the stores opened). */
export default function SupplierReviewPage() {
  const { pick, update } = useListParams();
  const view = pick('view', VIEWS) ?? 'applications';
  return (
    <PageContainer subTitle="审核商家的入驻申请：核对企业资质、结算账户和店铺信息；通过后开通店铺，驳回需填写原因，商家修改后可重新提交。">
      <PageContainer.Section>
        <Tabs
          type="card"
          activeKey={view}
          onChange={(key) =>
            update({
              view: key === 'applications' ? undefined : key,
              status: undefined,
              keyword: undefined,
              page: undefined,
            })
          }
          items={[
            { key: 'applications', label: '入驻申请', children: view === 'applications' ? <Applications /> : null },
            { key: 'stores', label: '供应商列表', children: view === 'stores' ? <Stores /> : null },
          ]}
        />
      </PageContainer.Section>
    </PageContainer>
  );
}

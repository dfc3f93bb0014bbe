import { useState } from 'react';
import { Button, Select, Space, Tabs, type TableColumnsType } from 'antd';
import {
  APPLICATION_STATUSES,
  APPLICATION_STATUS_NAMES,
  DISTRIBUTION_PROGRAMMES,
  DISTRIBUTION_PROGRAMME_NAMES,
  type ConsoleApplication,
} from '@mall/shared';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatTime } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { useApplicationPage, type ApplicationQuery } from '../api/distribution.ts';
import { ApplicationActions, RejectApplicationDialog } from '../components/ApplicationActions.tsx';
import { ApplicationDrawer } from '../components/ApplicationDrawer.tsx';
import { ApplicationStatusTag, ProgrammeTag } from '../components/tags.tsx';
import { useListParams } from '../../../lib/useListParams.ts';
import styles from '../components/distribution.module.css';

const TABS = [
  { key: 'ALL', label: '全部' },
  ...APPLICATION_STATUSES.map((s) => ({ key: s, label: APPLICATION_STATUS_NAMES[s] })),
] as const;

/** A tab's name and how many applications it holds (· while loading); waiting ones stand out. */
function TabLabel({ tab, count }: { tab: (typeof TABS)[number]; count?: number }) {
  const waiting = tab.key === 'PENDING' && (count ?? 0) > 0;
  return (
    <span>
      {tab.label}
      <span className={`${styles.tabCount} ${waiting ? styles.tabCountWaiting : ''}`}>{count ?? '·'}</span>
    </span>
  );
}
const PROGRAMME_OPTIONS = [
  { value: 'ALL', label: '全部计划' },
  ...DISTRIBUTION_PROGRAMMES.map((p) => ({ value: p, label: `${DISTRIBUTION_PROGRAMME_NAMES[p]}计划` })),
];

/** 分销申请: members applying to 分销 or 推广, by state, programme and name or mobile; 详情, 通过, 驳回. */
export default function ApplicationListPage() {
  const { params, pick, page, update, onPage } = useListParams();
  const query: ApplicationQuery = {
    status: pick('status', APPLICATION_STATUSES),
    programme: pick('programme', DISTRIBUTION_PROGRAMMES),
    keyword: params.get('keyword')?.trim().slice(0, 30) || undefined,
    ...page,
  };
  const list = useApplicationPage(query);
  const [open, setOpen] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<ConsoleApplication | null>(null);

  const columns: TableColumnsType<ConsoleApplication> = [
    {
      title: '申请人',
      key: 'who',
      render: (_, a) => (
        <div>
          <div>{a.realName}</div>
          <div className={styles.sub}>会员：{a.memberName}</div>
        </div>
      ),
    },
    {
      title: '计划',
      key: 'programme',
      width: 90,
      render: (_, a) => <ProgrammeTag programme={a.programme} text={a.programmeText} />,
    },
    { title: '联系手机', dataIndex: 'mobile', width: 130 },
    { title: '分享渠道', dataIndex: 'channel', width: 100 },
    {
      title: '申请理由',
      key: 'reason',
      ellipsis: true,
      render: (_, a) => <span title={a.reason}>{a.reason}</span>,
    },
    {
      title: '申请时间',
      key: 'createdAt',
      width: 170,
      render: (_, a) => formatTime(a.createdAt, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '状态',
      key: 'status',
      width: 160,
      render: (_, a) => (
        <Space orientation="vertical" size={2}>
          <ApplicationStatusTag status={a.status} text={a.statusText} />
          {a.rejectReason ? <span className={styles.sub}>{a.rejectReason}</span> : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 160,
      render: (_, a) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setOpen(a.id)}>
            详情
          </Button>
          <ApplicationActions a={a} onReject={setRejecting} />
        </Space>
      ),
    },
  ];

  return (
    <PageContainer subTitle="会员申请加入分销或推广计划，通过后成为分销员/推广员并获得分享码；驳回需填写原因，会员可重新申请。">
      <PageContainer.Section>
        <Tabs
          activeKey={query.status ?? 'ALL'}
          onChange={(key) => update({ status: key === 'ALL' ? undefined : key, page: undefined })}
          items={TABS.map((t) => ({ key: t.key, label: <TabLabel tab={t} count={list.data?.counts[t.key]} /> }))}
        />
        <div className={styles.toolbar}>
          <Select
            aria-label="计划"
            value={query.programme ?? 'ALL'}
            options={PROGRAMME_OPTIONS}
            style={{ width: 140 }}
            onChange={(v) => update({ programme: v === 'ALL' ? undefined : v, page: undefined })}
          />
          <ListSearch
            applied={query.keyword}
            onSearch={(words) => update({ keyword: words, page: undefined })}
            placeholder="真实姓名 / 手机号"
            aria-label="搜索申请"
            maxLength={30}
          />
        </div>
        <QueryTable<ConsoleApplication>
          query={list}
          rowKey="id"
          columns={columns}
          onRow={(a) => ({ 'data-testid': 'application-row', 'data-id': a.id }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: query.keyword || query.status || query.programme ? '没有符合条件的申请' : '暂无申请' }}
          pagination={serverPagination({
            ...page,
            total: list.data?.total,
            totalText: (total) => `共 ${total} 条申请`,
            onChange: onPage,
          })}
        />
      </PageContainer.Section>
      <ApplicationDrawer id={open} onReject={setRejecting} onClose={() => setOpen(null)} />
      <RejectApplicationDialog a={rejecting} onClose={() => setRejecting(null)} />
    </PageContainer>
  );
}

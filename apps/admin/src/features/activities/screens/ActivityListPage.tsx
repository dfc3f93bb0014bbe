import { useState } from 'react';
import { App, Button, Select, Space, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActivityKind, ActivityStatus, ConsoleActivity } from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { serverPagination } from '../../../lib/pagination.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useActivityPage, useCancelActivity, useScheduleActivity, type ActivityQuery } from '../api/activities.ts';
import { ActivityDetailDrawer } from '../components/ActivityDetailDrawer.tsx';
import { ActivityFormDrawer } from '../components/ActivityFormDrawer.tsx';
import { KindTag, PhaseTag, StatusTag, flashFigures, windowText } from '../components/tags.tsx';

const STATUS_OPTIONS: { value: ActivityStatus; label: string }[] = [
  { value: 'DRAFT', label: '草稿' },
  { value: 'SCHEDULED', label: '已排期' },
  { value: 'ENDED', label: '已结束' },
  { value: 'CANCELLED', label: '已取消' },
];
const hint = { color: '#595959', fontSize: 12 } as const;

/** 秒杀/活动: the 秒杀 sessions and 限时折扣 with their states; 新建, 编辑 (drafts), 排期, 取消 and 详情. */
export default function ActivityListPage() {
  const { message, modal } = App.useApp();
  const [query, setQuery] = useState<ActivityQuery>({ pageNum: 1, pageSize: 10 });
  const page = useActivityPage(query);
  const schedule = useScheduleActivity();
  const cancel = useCancelActivity();
  const [form, setForm] = useState<{ open: boolean; editing: ConsoleActivity | null }>({ open: false, editing: null });
  const [detailId, setDetailId] = useState<number | null>(null);

  const set = (patch: Partial<ActivityQuery>) => setQuery((q) => ({ ...q, ...patch, pageNum: 1 }));
  const busy = (a: ConsoleActivity) =>
    (schedule.isPending && schedule.variables?.id === a.id) || (cancel.isPending && cancel.variables?.id === a.id);

  function confirmSchedule(a: ConsoleActivity) {
    const units = a.skus.reduce((n, s) => n + s.stock, 0);
    void modal.confirm({
      title: `排期“${a.title}”？`,
      content:
        a.kind === 'FLASH_SALE'
          ? `排期后将从商品库存中锁定秒杀库存共 ${units} 件，活动不能再编辑；开始前可取消，取消或结束后未售出的退回商品库存。`
          : '排期后活动在设定时间自动生效，不能再编辑；开始前可取消。',
      okText: '确认排期',
      cancelText: '再想想',
      onOk: async () => {
        try {
          await schedule.mutateAsync({ id: a.id });
          void message.success(a.kind === 'FLASH_SALE' ? '已排期，秒杀库存已从商品库存中锁定' : '已排期');
        } catch (e) {
          void message.error(errorMessage(e));
        }
      },
    });
  }

  function confirmCancel(a: ConsoleActivity) {
    void modal.confirm({
      title: `取消活动“${a.title}”？`,
      content:
        a.status === 'SCHEDULED' && a.kind === 'FLASH_SALE'
          ? '取消后活动不会开始，已锁定的秒杀库存退回商品库存。取消后不能恢复。'
          : '取消后活动不会开始，取消后不能恢复。',
      okText: '取消活动',
      okButtonProps: { danger: true },
      cancelText: '不取消',
      onOk: async () => {
        try {
          await cancel.mutateAsync({ id: a.id });
          void message.success('活动已取消');
        } catch (e) {
          void message.error(errorMessage(e));
        }
      },
    });
  }

  return (
    <>
      <PageContainer subTitle="秒杀场次与限时折扣：选择商品和活动价，排期后按时生效；秒杀库存在排期时从商品库存锁定">
        <PageContainer.Section>
          <Tabs
            activeKey={query.kind ?? 'ALL'}
            onChange={(k) => set({ kind: k === 'ALL' ? undefined : (k as ActivityKind) })}
            items={[
              { key: 'ALL', label: '全部活动' },
              { key: 'FLASH_SALE', label: '秒杀' },
              { key: 'TIME_DISCOUNT', label: '限时折扣' },
            ]}
          />
          <div
            style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}
          >
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={query.status}
              onChange={(status) => set({ status })}
              options={STATUS_OPTIONS}
              aria-label="活动状态"
            />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })}>
              新建活动
            </Button>
          </div>
          <QueryTable<ConsoleActivity>
            query={page}
            rowKey="id"
            scroll={{ x: 1100 }}
            onRow={(a) =>
              ({ 'data-testid': 'activity-row', 'data-title': a.title }) as React.HTMLAttributes<HTMLElement>
            }
            pagination={serverPagination({
              pageNum: query.pageNum,
              pageSize: query.pageSize,
              total: page.data?.total ?? 0,
              totalText: (n) => `共 ${n} 个活动`,
              onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
            })}
            locale={{ emptyText: '没有符合条件的活动' }}
            columns={[
              {
                title: '活动',
                key: 'title',
                render: (_: unknown, a) => (
                  <div>
                    <div>{a.title}</div>
                    <div style={{ marginTop: 4 }}>
                      <KindTag a={a} />
                      <span style={{ ...hint, marginInlineStart: 4 }}>
                        {a.perMemberLimit ? `每人限购 ${a.perMemberLimit} 件` : '不限购'}
                      </span>
                    </div>
                  </div>
                ),
              },
              { title: '活动时间（北京时间）', key: 'window', width: 260, render: (_: unknown, a) => windowText(a) },
              { title: '状态', key: 'status', width: 90, render: (_: unknown, a) => <StatusTag a={a} /> },
              { title: '买家看到', key: 'phase', width: 100, render: (_: unknown, a) => <PhaseTag a={a} /> },
              { title: '商品', key: 'skus', width: 90, render: (_: unknown, a) => `${a.skus.length} 个规格` },
              {
                title: '已售 / 剩余',
                key: 'figures',
                width: 130,
                render: (_: unknown, a) => {
                  if (a.kind !== 'FLASH_SALE') return <span style={hint}>—</span>;
                  const f = flashFigures(a);
                  return (
                    <div>
                      <div>
                        已售 {f.sold} / 剩余 {f.left}
                      </div>
                      {f.returned ? <div style={hint}>已退回 {f.returned}</div> : null}
                    </div>
                  );
                },
              },
              {
                title: '操作',
                key: 'actions',
                width: 200,
                fixed: 'right',
                render: (_: unknown, a) => (
                  <Space size={0} wrap>
                    <Button type="link" size="small" onClick={() => setDetailId(a.id)}>
                      详情
                    </Button>
                    {a.actions.includes('update') ? (
                      <Button type="link" size="small" onClick={() => setForm({ open: true, editing: a })}>
                        编辑
                      </Button>
                    ) : null}
                    {a.actions.includes('schedule') ? (
                      <Button type="link" size="small" disabled={busy(a)} onClick={() => confirmSchedule(a)}>
                        排期
                      </Button>
                    ) : null}
                    {a.actions.includes('cancel') ? (
                      <Button
                        type="link"
                        size="small"
                        danger
                        style={{ color: '#cf1322' }}
                        disabled={busy(a)}
                        onClick={() => confirmCancel(a)}
                      >
                        取消
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </PageContainer.Section>
        {form.open ? (
          <ActivityFormDrawer editing={form.editing} onClose={() => setForm({ open: false, editing: null })} />
        ) : null}
        {detailId !== null ? <ActivityDetailDrawer id={detailId} onClose={() => setDetailId(null)} /> : null}
      </PageContainer>
    </>
  );
}

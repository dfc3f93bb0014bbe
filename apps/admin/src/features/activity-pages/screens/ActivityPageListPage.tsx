import { useState } from 'react';
import { Button, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { ACTIVITY_PAGE_SECTION_NAMES, type ActivityPageStatus, type ConsoleActivityPageView } from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatTime } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { usePages, type PagesQuery } from '../api/activityPages.ts';
import { PreviewModal } from '../components/PreviewModal.tsx';
import { usePageActions } from '../components/usePageActions.tsx';

/** Solid tag colours dark enough for white text (≥ 4.5:1). */
const STATUS_COLOR: Record<ActivityPageStatus, string | undefined> = { DRAFT: undefined, PUBLISHED: '#237804', OFFLINE: '#595959' };
const PageStatusTag = ({ p }: { p: ConsoleActivityPageView }) => <Tag color={STATUS_COLOR[p.status]}>{p.statusText}</Tag>;
const hint = { color: '#595959', fontSize: 12 } as const;

/** 活动页面: pages built from sections, with 编辑 (草稿 / 已下线), 预览, 上线 and 下线. */
export default function ActivityPageListPage() {
  const [query, setQuery] = useState<PagesQuery>({ pageNum: 1, pageSize: 10 });
  const page = usePages(query);
  const actions = usePageActions();

  return (
    <>
      <PageContainer subTitle="用横幅、倒计时、活动商品、优惠券和图文说明搭建活动页面；预览无误后上线，买家通过 /activity/编号 访问">
        <PageContainer.Section>
          <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
            <Select
              allowClear
              placeholder="全部状态"
              style={{ width: 140 }}
              value={query.status}
              onChange={(status?: ActivityPageStatus) => setQuery((q) => ({ ...q, status, pageNum: 1 }))}
              options={[
                { value: 'DRAFT', label: '草稿' },
                { value: 'PUBLISHED', label: '已上线' },
                { value: 'OFFLINE', label: '已下线' },
              ]}
              aria-label="页面状态"
            />
            <Link to="/activity-pages/new">
              <Button type="primary" icon={<PlusOutlined />}>
                新建活动页面
              </Button>
            </Link>
          </div>
          <QueryTable<ConsoleActivityPageView>
            query={page}
            rowKey="id"
            scroll={{ x: 1000 }}
            onRow={(p) => ({ 'data-testid': 'activity-page-row', 'data-title': p.title }) as React.HTMLAttributes<HTMLElement>}
            pagination={serverPagination({
              pageNum: query.pageNum,
              pageSize: query.pageSize,
              total: page.data?.total ?? 0,
              totalText: (n) => `共 ${n} 个活动页面`,
              onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum, pageSize })),
            })}
            locale={{ emptyText: '还没有活动页面，点击“新建活动页面”开始搭建' }}
            columns={[
              {
                title: '页面',
                key: 'title',
                render: (_: unknown, p) => (
                  <div>
                    <div>{p.title}</div>
                    <div style={hint}>
                      /activity/{p.id}
                      {p.shareSubtitle ? ` · ${p.shareSubtitle}` : ''}
                    </div>
                  </div>
                ),
              },
              {
                title: '板块',
                key: 'sections',
                width: 260,
                render: (_: unknown, p) =>
                  p.sections.length ? (
                    <span>
                      {p.sections.length} 个：{p.sections.map((s) => ACTIVITY_PAGE_SECTION_NAMES[s.type]).join('、')}
                    </span>
                  ) : (
                    <span style={hint}>暂无板块</span>
                  ),
              },
              { title: '状态', key: 'status', width: 90, render: (_: unknown, p) => <PageStatusTag p={p} /> },
              { title: '更新时间', key: 'updatedAt', width: 170, render: (_: unknown, p) => formatTime(p.updatedAt, 'YYYY-MM-DD HH:mm') },
              {
                title: '操作',
                key: 'actions',
                width: 240,
                fixed: 'right',
                render: (_: unknown, p) => (
                  <Space size={0} wrap>
                    {p.actions.includes('update') ? (
                      <Link to={`/activity-pages/${p.id}/edit`}>
                        <Button type="link" size="small">
                          编辑
                        </Button>
                      </Link>
                    ) : null}
                    <Button type="link" size="small" onClick={() => void actions.openPreview(p)}>
                      预览
                    </Button>
                    {p.actions.includes('publish') ? (
                      <Button type="link" size="small" loading={actions.busy(p.id)} onClick={() => actions.confirmPublish(p)}>
                        上线
                      </Button>
                    ) : null}
                    {p.actions.includes('offline') ? (
                      <Button type="link" size="small" danger loading={actions.busy(p.id)} onClick={() => actions.confirmOffline(p)}>
                        下线
                      </Button>
                    ) : null}
                    {p.status === 'PUBLISHED' ? (
                      <Button type="link" size="small" href={`/activity/${p.id}`} target="_blank" rel="noopener">
                        查看
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </PageContainer.Section>
      </PageContainer>
      <PreviewModal src={actions.preview?.src ?? null} title={actions.preview?.title ?? ''} onClose={actions.closePreview} />
    </>
  );
}

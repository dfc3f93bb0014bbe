import { useEffect } from 'react';
import { AutoComplete, Button, DatePicker, Form, Input, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatTime, SHOP_TIMEZONE } from '../../../lib/format.ts';
import { useAuditPage } from '../api/getAuditPage.ts';
import { ChangeList } from '../components/ChangeList.tsx';
import styles from '../components/audit.module.css';
import { ACTION_LABELS, actionLabel, fieldLabel, OBJECT_TYPE_LABELS, objectTypeLabel } from '../labels.ts';
import type { AuditEntry, AuditQuery } from '../types.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { useListParams } from '../../../lib/useListParams.ts';

const MINUTE = 'YYYY-MM-DD HH:mm';
/** How a picked minute sits in the address: ISO-like, parsed without plugins. */
const URL_MINUTE = 'YYYY-MM-DDTHH:mm';
const URL_MINUTE_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

interface Filters {
  operator?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** A minute picked on screen, read as shop time (Asia/Shanghai), as an instant in UTC. */
const shopMinute = (text: string) => dayjs.tz(text, SHOP_TIMEZONE);

const minuteIn = (params: URLSearchParams, name: string) => {
  const text = params.get(name) ?? '';
  return URL_MINUTE_TEXT.test(text) && dayjs(text).isValid() ? text : null;
};

/** The form's filters as the address has them. */
function filtersOf(params: URLSearchParams): Filters {
  const from = minuteIn(params, 'from');
  const to = minuteIn(params, 'to');
  return {
    operator: params.get('operator') || undefined,
    action: params.get('action') || undefined,
    objectType: params.get('objectType') || undefined,
    objectId: params.get('objectId') || undefined,
    range: from && to ? [dayjs(from), dayjs(to)] : null,
  };
}

/** The filters live in the address, so a search can be shared or come back to. */
function useAuditFilters() {
  const { params, page, update, onPage } = useListParams(20);
  const from = minuteIn(params, 'from');
  const to = minuteIn(params, 'to');
  const query: AuditQuery = {
    operator: params.get('operator') || undefined,
    action: params.get('action') || undefined,
    objectType: params.get('objectType') || undefined,
    objectId: params.get('objectId') || undefined,
    from: from ? shopMinute(from).toISOString() : undefined,
    // The end minute is included.
    to: to ? shopMinute(to).add(1, 'minute').toISOString() : undefined,
    ...page,
  };
  return { query, update, onPage, params };
}

const actionOptions = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label: `${label}（${value}）` }));

/** 操作日志: who did what to which object and when, with the changes before → after. Append-only. */
export default function AuditLogPage() {
  const { query, update, onPage, params } = useAuditFilters();
  const page = useAuditPage(query);
  const [form] = Form.useForm<Filters>();
  // The address is the truth: back, forward and 重置 put its filters into the form.
  const address = params.toString();
  useEffect(() => {
    form.setFieldsValue(filtersOf(new URLSearchParams(address)));
  }, [form, address]);
  const filtered = Boolean(query.operator || query.action || query.objectType || query.objectId || query.from);

  const search = (v: Filters) =>
    update({
      operator: v.operator?.trim(),
      action: v.action?.trim(),
      objectType: v.objectType,
      objectId: v.objectId?.trim(),
      from: v.range?.[0]?.format(URL_MINUTE),
      to: v.range?.[1]?.format(URL_MINUTE),
      page: undefined,
    });

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 165,
      render: (t: string) => formatTime(t),
    },
    {
      title: '操作人',
      dataIndex: 'operatorName',
      width: 130,
      render: (name: string, e) => (
        <div>
          <div>{name}</div>
          <div className={styles.muted}>{e.ip ?? '—'}</div>
        </div>
      ),
    },
    {
      title: '操作',
      dataIndex: 'action',
      width: 140,
      render: (action: string) => (
        <Tooltip title={action}>
          <span>{actionLabel(action)}</span>
        </Tooltip>
      ),
    },
    {
      title: '对象',
      key: 'object',
      width: 180,
      render: (_, e) => (
        <div>
          <div>{objectTypeLabel(e.objectType)}</div>
          {e.objectId ? (
            <div className={styles.code}>
              {e.objectType === 'settings' && fieldLabel(e.objectId) !== e.objectId
                ? `${fieldLabel(e.objectId)} · ${e.objectId}`
                : e.objectId}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: '变更（修改前 → 修改后）',
      dataIndex: 'changes',
      render: (changes: AuditEntry['changes'], e: AuditEntry) => <ChangeList objectType={e.objectType} changes={changes} />,
    },
    {
      title: '原因',
      dataIndex: 'reason',
      width: 150,
      render: (r: string | null) =>
        r ? <span className={styles.text}>{r}</span> : <span className={styles.empty}>—</span>,
    },
  ];

  return (
    <PageContainer subTitle="记录每一次写操作：谁、何时、从哪个 IP、改了什么；个人信息已脱敏，日志不可修改或删除。">
      <PageContainer.Section>
        <Form<Filters>
          form={form}
          initialValues={filtersOf(params)}
          layout="inline"
          onFinish={search}
          className={styles.filters}
        >
          <Form.Item name="operator">
            <Input allowClear aria-label="操作人" placeholder="操作人账号" maxLength={32} style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="action">
            <AutoComplete
              allowClear
              aria-label="操作"
              popupMatchSelectWidth={300}
              options={actionOptions}
              placeholder="操作"
              style={{ width: 220 }}
              filterOption={(input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="objectType">
            <Select
              allowClear
              aria-label="对象类型"
              placeholder="对象类型"
              style={{ width: 130 }}
              options={Object.entries(OBJECT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="objectId">
            <Input
              allowClear
              aria-label="对象编号"
              placeholder="对象编号（如订单号）"
              maxLength={64}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format={MINUTE}
              placeholder={['开始时间', '结束时间']}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  update({
                    operator: undefined,
                    action: undefined,
                    objectType: undefined,
                    objectId: undefined,
                    from: undefined,
                    to: undefined,
                    page: undefined,
                  });
                }}
              >
                重置
              </Button>
            </Space>
          </Form.Item>
        </Form>

        <QueryTable<AuditEntry>
          query={page}
          rowKey="id"
          columns={columns}
          tableLayout="fixed"
          locale={{ emptyText: filtered ? '没有符合条件的记录' : '还没有操作记录' }}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${total} 条`,
            onChange: onPage,
          })}
        />
      </PageContainer.Section>
    </PageContainer>
  );
}

import { useState } from 'react';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ORDER_STATES,
  ORDER_STATUSES,
  PAYMENT_METHOD_NAMES,
  WAITING_ORDER_STATUSES,
  type ConsoleOrderRow,
  type OrderStatus,
} from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { Can, usePermission } from '../../../lib/permission.tsx';
import { errorMessage, RequestError } from '../../../lib/request.ts';
import { downloadOrdersCsv } from '../api/exportOrders.ts';
import { useOrderPage, type OrderFilter, type OrderQuery } from '../api/getOrderPage.ts';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer.tsx';
import { OrderStatusTag } from '../../../components/OrderStatusTag.tsx';
import { RemarkModal, type RemarkTarget } from '../components/RemarkModal.tsx';
import { ShipModal, type ShipTarget } from '../../../entities/order/components/ShipModal.tsx';
import { useShipOrder } from '../api/shipOrder.ts';
import styles from '../components/orders.module.css';
import { serverPagination } from '../../../lib/pagination.ts';
import { useListParams } from '../../../lib/useListParams.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TABS: ('ALL' | OrderStatus)[] = ['ALL', ...ORDER_STATUSES];
const WAITING: readonly string[] = WAITING_ORDER_STATUSES;
const isStatus = (s: string | null): s is 'ALL' | OrderStatus => Boolean(s) && (TABS as string[]).includes(s!);

interface FormValues {
  keyword?: string;
  range?: [Dayjs, Dayjs] | null;
  paymentMethod?: string;
}

/** The filters live in the address: back, reload and a shared link keep them (and the open order). */
function useOrderFilters() {
  const { params, page, update } = useListParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const pay = params.get('pay') ?? '';
  const status = params.get('status');
  const filter: OrderFilter = {
    status: isStatus(status) ? status : 'ALL',
    keyword: params.get('keyword') || undefined,
    dateFrom: DAY.test(from) ? from : undefined,
    dateTo: DAY.test(to) ? to : undefined,
    paymentMethod: pay in PAYMENT_METHOD_NAMES ? pay : undefined,
  };
  const query: OrderQuery = {
    ...filter,
    ...page,
  };
  const formValues: FormValues = {
    keyword: filter.keyword ?? '',
    range: filter.dateFrom && filter.dateTo ? [dayjs(filter.dateFrom), dayjs(filter.dateTo)] : null,
    paymentMethod: filter.paymentMethod,
  };
  return { filter, query, update, formValues, openOrder: params.get('order') };
}

function TabLabel({ status, count }: { status: 'ALL' | OrderStatus; count?: number }) {
  const name = status === 'ALL' ? '全部' : ORDER_STATES[status].name;
  const waiting = status !== 'ALL' && WAITING.includes(status) && (count ?? 0) > 0;
  return (
    <span>
      {name}
      <span className={`${styles.tabCount} ${waiting ? styles.tabCountWaiting : ''}`}>{count ?? '·'}</span>
    </span>
  );
}

/** 订单: tabs by status with counts, filters, 导出 CSV, detail, 发货 and 备注. */
export default function OrderListPage() {
  const { filter, query, update, formValues, openOrder } = useOrderFilters();
  const page = useOrderPage(query);
  const canShip = usePermission('order:ship');
  const canRemark = usePermission('order:remark');
  const [shipTarget, setShipTarget] = useState<ShipTarget | null>(null);
  const ship = useShipOrder();
  const [remarkTarget, setRemarkTarget] = useState<RemarkTarget | null>(null);
  const [exporting, setExporting] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const { message } = App.useApp();
  const counts = page.data?.counts;
  const filtered = Boolean(filter.keyword || filter.dateFrom || filter.paymentMethod);

  const search = (v: FormValues) =>
    update({
      keyword: v.keyword?.trim(),
      from: v.range?.[0]?.format('YYYY-MM-DD'),
      to: v.range?.[1]?.format('YYYY-MM-DD'),
      pay: v.paymentMethod,
      page: undefined,
    });
  const reset = () => {
    form.setFieldsValue({ keyword: '', range: null, paymentMethod: undefined });
    update({ keyword: undefined, from: undefined, to: undefined, pay: undefined, page: undefined });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const n = await downloadOrdersCsv(filter);
      void message.success(`已导出 ${n} 个订单`);
    } catch (e) {
      // The server's refusal was already shown by the request helper; anything else is said here.
      if (!(e instanceof RequestError))
        void message.error(e instanceof TypeError ? '网络异常，导出失败，请稍后再试' : errorMessage(e));
    } finally {
      setExporting(false);
    }
  };

  const shipOf = (o: ConsoleOrderRow): ShipTarget => ({
    orderNo: o.orderNo,
    receiver: `${o.address.receiverName} ${o.address.mobile}`,
    address: o.address.fullAddress,
    afterSaleOpen: o.afterSaleOpen,
  });

  const columns: TableColumnsType<ConsoleOrderRow> = [
    {
      title: '订单',
      key: 'order',
      width: 190,
      render: (_, o) => (
        <div className={styles.orderCell}>
          <Typography.Link className={styles.mono} onClick={() => update({ order: o.orderNo })}>
            {o.orderNo}
          </Typography.Link>
          <span className={styles.sub}>{formatTime(o.createdAt, 'YYYY-MM-DD HH:mm')}</span>
        </div>
      ),
    },
    {
      title: '商品',
      key: 'goods',
      render: (_, o) => {
        const first = o.items[0];
        return (
          <div className={styles.goodsCell}>
            <GoodsThumb src={first?.image ?? null} />
            <div className={styles.goodsText}>
              <div className={styles.goodsName}>{first?.name ?? '—'}</div>
              <div className={styles.sub}>
                {o.items.length > 1 ? `等 ${o.items.length} 种商品，` : ''}共 {o.totalQuantity} 件
              </div>
            </div>
          </div>
        );
      },
    },
    {
      title: '收货人',
      key: 'receiver',
      width: 120,
      render: (_, o) => (
        <div className={styles.orderCell}>
          <span>{o.address.receiverName}</span>
          <span className={styles.sub}>{o.address.mobile}</span>
        </div>
      ),
    },
    {
      title: '金额',
      key: 'amount',
      width: 110,
      align: 'right',
      render: (_, o) => (
        <div className={styles.orderCell}>
          <span className={styles.amount}>{formatFen(o.paidAmount || o.payableAmount)}</span>
          <span className={styles.sub}>{o.paymentMethodText ?? '未支付'}</span>
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 96,
      render: (_, o) => (
        <Space size={4} wrap>
          <OrderStatusTag status={o.status} />
          {o.afterSaleOpen ? <Tag color="orange">售后中</Tag> : null}
        </Space>
      ),
    },
    {
      title: '物流 / 备注',
      key: 'logistics',
      width: 170,
      render: (_, o) => (
        <div className={styles.orderCell}>
          {o.logistics ? (
            <span className={styles.sub}>
              {o.logistics.company} {o.logistics.trackingNo}
            </span>
          ) : (
            <span className={styles.sub}>—</span>
          )}
          {o.opsRemark ? (
            <Tooltip title={o.opsRemark}>
              <span className={styles.remarkFlag}>备注：{o.opsRemark}</span>
            </Tooltip>
          ) : null}
        </div>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, o) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => update({ order: o.orderNo })}>
            详情
          </Button>
          {canShip && o.status === 'PENDING_SHIPMENT' ? (
            <Button type="link" size="small" onClick={() => setShipTarget(shipOf(o))}>
              发货
            </Button>
          ) : null}
          {canRemark ? (
            <Button
              type="link"
              size="small"
              onClick={() => setRemarkTarget({ orderNo: o.orderNo, remark: o.opsRemark })}
            >
              备注
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      subTitle="按状态处理订单：待发货的订单在此发货；导出当前筛选结果为 CSV（单次最多 10,000 个订单）。"
      extra={
        <Can permission="export:data">
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportCsv()}>
            导出 CSV
          </Button>
        </Can>
      }
    >
      <PageContainer.Section>
        <Tabs
          className={styles.tabs}
          activeKey={filter.status}
          onChange={(key) => update({ status: key === 'ALL' ? undefined : key, page: undefined })}
          items={TABS.map((s) => ({ key: s, label: <TabLabel status={s} count={counts?.[s]} /> }))}
        />
        <Form<FormValues>
          form={form}
          layout="inline"
          initialValues={formValues}
          onFinish={search}
          className={styles.filters}
          key={JSON.stringify(formValues)}
        >
          <Form.Item name="keyword">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="订单号 / 商品名称"
              style={{ width: 260 }}
              maxLength={50}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker
              placeholder={['下单开始日期', '下单结束日期']}
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            />
          </Form.Item>
          <Form.Item name="paymentMethod">
            <Select
              allowClear
              placeholder="全部支付方式"
              aria-label="支付方式"
              style={{ width: 150 }}
              options={Object.entries(PAYMENT_METHOD_NAMES).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={reset}>重置</Button>
            </Space>
          </Form.Item>
        </Form>

        <QueryTable<ConsoleOrderRow>
          query={page}
          rowKey="orderNo"
          columns={columns}
          onRow={(o) => ({ onDoubleClick: () => update({ order: o.orderNo }) })}
          locale={{
            emptyText: filtered ? '没有符合条件的订单' : filter.status === 'ALL' ? '还没有订单' : '这个状态下没有订单',
          }}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${total} 个订单`,
            onChange: (p, size) => update({ page: p === 1 ? undefined : p, size: size === 10 ? undefined : size }),
          })}
        />
      </PageContainer.Section>

      <OrderDetailDrawer
        orderNo={openOrder}
        onClose={() => update({ order: undefined })}
        onShip={setShipTarget}
        onRemark={setRemarkTarget}
      />
      <ShipModal title="订单发货" ship={ship} target={shipTarget} onClose={() => setShipTarget(null)} />
      <RemarkModal target={remarkTarget} onClose={() => setRemarkTarget(null)} />
    </PageContainer>
  );
}

import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  Typography,
} from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { ActivityKind, ConsoleActivity } from '@mall/shared';
import { formatFen } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/request.ts';
import { getGoodsDetail } from '../../../entities/goods/api/getGoodsDetail.ts';
import { GoodsPicker } from '../../../entities/goods/components/GoodsPicker.tsx';
import { specText } from '../../../entities/goods/specText.ts';
import { useCreateActivity, useUpdateActivity } from '../api/activities.ts';
import {
  WALL,
  buildRequest,
  rowPriceFen,
  sessionWindow,
  toFormInput,
  type RowErrors,
  type SkuRow,
} from './activity-form.ts';

interface Values {
  kind: ActivityKind;
  title: string;
  window?: [Dayjs, Dayjs] | null;
  perMemberLimit: number | null;
}

const SESSIONS = [10, 14, 20];
const hint = { color: '#595959', fontSize: 12 } as const;

/** 新建 or 编辑 (a draft) 秒杀 / 限时折扣: the window in Beijing time, the SKUs with their activity price and stock. */
export function ActivityFormDrawer({ editing, onClose }: { editing: ConsoleActivity | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const start = useMemo(() => (editing ? toFormInput(editing) : null), [editing]);
  const [rows, setRows] = useState<SkuRow[]>(start?.rows ?? []);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [adding, setAdding] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind: ActivityKind = Form.useWatch('kind', form) ?? start?.kind ?? 'FLASH_SALE';
  const flash = kind === 'FLASH_SALE';

  const initial: Values = start
    ? {
        kind: start.kind,
        title: start.title,
        window: start.window ? [dayjs(start.window[0], WALL), dayjs(start.window[1], WALL)] : null,
        perMemberLimit: start.perMemberLimit,
      }
    : { kind: 'FLASH_SALE', title: '', window: null, perMemberLimit: 1 };

  /** A goods picked: each of its SKUs not yet in the activity becomes a row (remove the ones not wanted). */
  async function addGoods(goodsId: number) {
    setAdding(true);
    try {
      const g = await getGoodsDetail(goodsId);
      setRows((old) => {
        const have = new Set(old.map((r) => r.skuId));
        const fresh = g.skus
          .filter((s) => !have.has(s.id))
          .map<SkuRow>((s) => ({
            skuId: s.id,
            goodsId: g.id,
            goodsName: g.name,
            specText: specText(s.specs),
            usualPriceFen: s.price,
            goodsStock: s.stock,
            mode: 'price',
            priceYuan: null,
            zhe: null,
            stock: null,
          }));
        if (!fresh.length) void message.info('该商品的规格都已在活动中');
        return [...old, ...fresh];
      });
    } catch (e) {
      void message.error(errorMessage(e, '商品规格读取失败'));
    } finally {
      setAdding(false);
    }
  }

  const patch = (skuId: number, p: Partial<SkuRow>) => {
    setRefusal(null);
    setRows((old) => old.map((r) => (r.skuId === skuId ? { ...r, ...p } : r)));
    setRowErrors((e) => {
      if (!(skuId in e)) return e;
      const next = { ...e };
      delete next[skuId];
      return next;
    });
  };

  async function submit() {
    setRefusal(null);
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const w = v.window;
    const result = buildRequest({
      kind: v.kind,
      title: v.title ?? '',
      window: w ? [w[0].format(WALL), w[1].format(WALL)] : null,
      perMemberLimit: v.perMemberLimit,
      rows,
    });
    if (!result.ok) {
      setRowErrors(result.rowErrors);
      if (result.field) form.setFields([{ name: result.field, errors: [result.message] }]);
      else setRefusal(result.message);
      return;
    }
    try {
      if (editing) await update.mutateAsync({ ...result.request, id: editing.id });
      else await create.mutateAsync(result.request);
      void message.success(editing ? '活动已保存' : '活动已创建（草稿），排期后生效');
      onClose();
    } catch (e) {
      setRefusal(errorMessage(e));
    }
  }

  const label = (r: SkuRow) => `${r.goodsName} ${r.specText}`;
  return (
    <Drawer
      title={editing ? '编辑活动' : '新建活动'}
      open
      onClose={onClose}
      size={1000}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        aria-label="活动设置"
        onValuesChange={() => setRefusal(null)}
      >
        <Form.Item
          label="活动类型"
          name="kind"
          extra={
            editing
              ? '活动类型创建后不能修改'
              : '秒杀：按场次限量抢购，排期时从商品库存锁定秒杀库存；限时折扣：时段内按折扣价销售'
          }
        >
          <Radio.Group
            optionType="button"
            disabled={Boolean(editing)}
            options={[
              { label: '秒杀', value: 'FLASH_SALE' },
              { label: '限时折扣', value: 'TIME_DISCOUNT' },
            ]}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', columnGap: 16 }}>
          <Form.Item
            label="活动名称"
            name="title"
            rules={[
              { required: true, whitespace: true, message: '请填写活动名称' },
              { max: 30, message: '活动名称不能超过 30 个字符' },
            ]}
          >
            <Input placeholder={flash ? '如：今日10点秒杀' : '如：周末限时8折'} maxLength={30} showCount />
          </Form.Item>
          <Form.Item label="每人限购" name="perMemberLimit" extra="每位会员在本活动最多购买的件数，0 表示不限">
            <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} suffix="件" />
          </Form.Item>
        </div>
        <Form.Item
          label="活动时间"
          required
          extra={
            <Space size={4} wrap style={{ marginTop: 4 }}>
              <span>北京时间。快速选择今天的场次：</span>
              {SESSIONS.map((h) => (
                <Button
                  key={h}
                  size="small"
                  onClick={() => {
                    const [s, e] = sessionWindow(h);
                    form.setFieldValue('window', [dayjs(s, WALL), dayjs(e, WALL)]);
                    void form.validateFields(['window']).catch(() => undefined);
                  }}
                >
                  {`${h}:00 场`}
                </Button>
              ))}
            </Space>
          }
        >
          <Form.Item name="window" noStyle rules={[{ required: true, message: '请选择活动时间' }]}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm', minuteStep: 5 }}
              format={WALL}
              style={{ width: 420 }}
              placeholder={['开始时间', '结束时间']}
              aria-label="活动时间"
            />
          </Form.Item>
        </Form.Item>
      </Form>

      <Typography.Title level={5} style={{ marginTop: 8 }}>
        活动商品
      </Typography.Title>
      <GoodsPicker
        value={null}
        placeholder="输入商品名称搜索，选中后加入该商品的全部规格"
        busy={adding}
        onChange={(id) => void addGoods(id)}
        style={{ width: 420, marginBottom: 12 }}
        aria-label="添加活动商品"
      />
      <Table<SkuRow>
        rowKey="skuId"
        size="small"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: '还没有活动商品，请在上方搜索添加' }}
        onRow={(r) =>
          ({ 'data-testid': 'activity-form-sku', 'data-sku': r.skuId }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: '商品规格',
            key: 'sku',
            render: (_: unknown, r) => (
              <div>
                <div>{r.goodsName}</div>
                <div style={hint}>{r.specText}</div>
              </div>
            ),
          },
          {
            title: '原价 / 库存',
            key: 'usual',
            width: 130,
            render: (_: unknown, r) => (
              <div>
                <div>{formatFen(r.usualPriceFen)}</div>
                <div style={hint}>库存 {r.goodsStock}</div>
              </div>
            ),
          },
          {
            title: flash ? '秒杀价（元）' : '折扣价 / 折扣',
            key: 'price',
            width: flash ? 160 : 300,
            render: (_: unknown, r) => {
              const bad = r.skuId in rowErrors ? ('error' as const) : undefined;
              const byPrice = flash || r.mode === 'price';
              return (
                <Space size={8}>
                  {flash ? null : (
                    <Radio.Group
                      size="small"
                      optionType="button"
                      value={r.mode}
                      onChange={(e) => patch(r.skuId, { mode: e.target.value as SkuRow['mode'] })}
                      options={[
                        { label: '折扣价', value: 'price' },
                        { label: '折扣', value: 'percent' },
                      ]}
                    />
                  )}
                  {byPrice ? (
                    <InputNumber
                      min={0.01}
                      max={1_000_000}
                      precision={2}
                      prefix="¥"
                      style={{ width: 130 }}
                      status={bad}
                      value={r.priceYuan}
                      onChange={(v) => patch(r.skuId, { priceYuan: v })}
                      aria-label={`${flash ? '秒杀价' : '折扣价'} ${label(r)}`}
                    />
                  ) : (
                    <InputNumber
                      min={0.1}
                      max={9.9}
                      step={0.5}
                      precision={1}
                      suffix="折"
                      style={{ width: 110 }}
                      status={bad}
                      value={r.zhe}
                      onChange={(v) => patch(r.skuId, { zhe: v })}
                      aria-label={`折扣 ${label(r)}`}
                    />
                  )}
                </Space>
              );
            },
          },
          {
            title: '活动价',
            key: 'result',
            width: 120,
            render: (_: unknown, r) => {
              const fen = rowPriceFen(r, kind);
              if (fen === null) return <span style={hint}>—</span>;
              return fen < r.usualPriceFen ? (
                <span data-testid="activity-form-price">{formatFen(fen)}</span>
              ) : (
                <span style={{ color: '#cf1322' }} data-testid="activity-form-price">
                  {formatFen(fen)}（不低于原价）
                </span>
              );
            },
          },
          ...(flash
            ? [
                {
                  title: '秒杀库存',
                  key: 'stock',
                  width: 130,
                  render: (_: unknown, r: SkuRow) => (
                    <InputNumber
                      min={1}
                      max={100_000}
                      precision={0}
                      suffix="件"
                      style={{ width: 110 }}
                      status={r.skuId in rowErrors ? 'error' : undefined}
                      value={r.stock}
                      onChange={(v) => patch(r.skuId, { stock: v })}
                      aria-label={`秒杀库存 ${label(r)}`}
                    />
                  ),
                },
              ]
            : []),
          {
            title: '操作',
            key: 'remove',
            width: 70,
            render: (_: unknown, r) => (
              <Button
                type="link"
                size="small"
                danger
                style={{ color: '#cf1322' }}
                icon={<DeleteOutlined />}
                aria-label={`移除 ${label(r)}`}
                onClick={() => setRows((old) => old.filter((x) => x.skuId !== r.skuId))}
              />
            ),
          },
        ]}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: Object.keys(rowErrors).map(Number),
          expandedRowRender: (r) => <span style={{ color: '#cf1322' }}>{rowErrors[r.skuId]}</span>,
        }}
      />
      {flash ? (
        <div style={{ ...hint, marginTop: 8 }}>
          秒杀库存在“排期”时从商品库存中锁定，活动结束或取消后未售出的退回商品库存。
        </div>
      ) : null}
      {refusal ? (
        <Alert type="error" showIcon title={refusal} data-testid="activity-form-error" style={{ marginTop: 16 }} />
      ) : null}
    </Drawer>
  );
}

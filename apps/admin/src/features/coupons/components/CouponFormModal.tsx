import { useMemo, useState } from 'react';
import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { COUPON_CHANNEL_NAMES, COUPON_CHANNELS, type OpsCouponTemplate } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { GoodsPicker } from '../../../entities/goods/components/GoodsPicker.tsx';
import { useCategoryTree } from '../../../entities/goods/api/getCategoryTree.ts';
import type { CategoryNode } from '../../../entities/goods/types.ts';
import { useCreateCoupon, useUpdateCoupon } from '../api/coupons.ts';
import { toCouponRequest, toFormValues, type CouponFormValues } from './coupon-form.ts';

type Values = Omit<CouponFormValues, 'validDates'> & { validDates?: [Dayjs, Dayjs] | null };

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toTree = (nodes: CategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children.length ? toTree(n.children) : undefined }));

const CHANNEL_HELP: Record<(typeof COUPON_CHANNELS)[number], string> = {
  CENTER: '买家在领券中心和商品详情页领取',
  GOODS: '只在适用商品的详情页领取',
  NEW_MEMBER: '新会员注册完成时自动发放一张',
  GRANT: '只能由运营人员发放给指定会员',
};

const DEFAULTS: Values = {
  name: '',
  description: '',
  kind: 'FULL_REDUCTION',
  thresholdYuan: 0,
  scope: 'ALL',
  scopeIds: [],
  validityType: 'DAYS',
  validDays: 7,
  totalQuantity: 100,
  perMemberLimit: 1,
  channel: 'CENTER',
};

/** 新建 or 编辑 a coupon template: money typed in yuan and sent in fen, 折扣 typed as 8.5 (折). */
export function CouponFormModal({ editing, onClose }: { editing: OpsCouponTemplate | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const tree = useCategoryTree();
  const categoryOptions = useMemo(() => toTree(tree.data ?? []), [tree.data]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const kind = Form.useWatch('kind', form) ?? DEFAULTS.kind;
  const scope = Form.useWatch('scope', form) ?? DEFAULTS.scope;
  const validityType = Form.useWatch('validityType', form) ?? DEFAULTS.validityType;
  const channel = Form.useWatch('channel', form) ?? DEFAULTS.channel;
  const claimed = editing ? editing.figures.claimed : 0;

  const initial: Values = useMemo(() => {
    if (!editing) return DEFAULTS;
    const v = toFormValues(editing);
    return { ...v, validDates: v.validDates ? [dayjs(v.validDates[0]), dayjs(v.validDates[1])] : null };
  }, [editing]);

  async function submit() {
    setRefusal(null);
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const dates = v.validDates;
    const result = toCouponRequest(
      { ...v, validDates: dates ? [dates[0].format('YYYY-MM-DD'), dates[1].format('YYYY-MM-DD')] : null },
      editing,
    );
    if (!result.ok) {
      form.setFields([{ name: result.field, errors: [result.message] }]);
      return;
    }
    try {
      if (editing) await update.mutateAsync({ ...result.request, id: editing.id });
      else await create.mutateAsync(result.request);
      void message.success(editing ? '优惠券已保存' : '优惠券已创建，尚未发放：点“开始发放”后买家即可领取');
      onClose();
    } catch (e) {
      setRefusal(errorMessage(e));
    }
  }

  const yuan = { min: 0, max: 1_000_000, precision: 2, style: { width: '100%' }, prefix: '¥' } as const;
  return (
    <Modal
      title={editing ? '编辑优惠券' : '新建优惠券'}
      open
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      {claimed > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`已有会员领取 ${claimed} 张：优惠规则、适用范围、有效期和领取方式不能再修改，可修改名称、说明、发放总量和每人限领。`}
        />
      ) : null}
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} aria-label="优惠券设置">
        <Form.Item
          label="优惠券名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请填写优惠券名称' },
            { max: 30, message: '优惠券名称不能超过 30 个字符' },
          ]}
        >
          <Input placeholder="如：全场满199减20" maxLength={30} showCount />
        </Form.Item>
        <Form.Item label="优惠券类型" name="kind">
          <Radio.Group
            optionType="button"
            options={[
              { label: '满减券', value: 'FULL_REDUCTION' },
              { label: '折扣券', value: 'DISCOUNT' },
            ]}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 }}>
          <Form.Item label="使用门槛（元）" name="thresholdYuan" extra="商品金额满多少可用，0 表示无门槛">
            <InputNumber {...yuan} max={1_000_000} />
          </Form.Item>
          {kind === 'FULL_REDUCTION' ? (
            <Form.Item
              label="减免金额（元）"
              name="amountYuan"
              rules={[{ required: true, message: '请填写减免金额（大于 0，最多两位小数）' }]}
            >
              <InputNumber {...yuan} max={10_000} />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                label="折扣（折）"
                name="discountZhe"
                rules={[{ required: true, message: '请填写折扣，如 8.5 表示 8.5 折' }]}
                extra="如 8.5 表示 8.5 折"
              >
                <InputNumber min={0.1} max={9.9} step={0.1} precision={1} style={{ width: '100%' }} suffix="折" />
              </Form.Item>
              <Form.Item
                label="最高优惠（元）"
                name="capYuan"
                rules={[{ required: true, message: '请填写最高优惠金额（大于 0，最多两位小数）' }]}
              >
                <InputNumber {...yuan} max={10_000} />
              </Form.Item>
            </>
          )}
        </div>
        <Form.Item label="适用范围" name="scope">
          <Radio.Group
            // Category ids and goods ids share the field: ids of the other kind would name the wrong things.
            onChange={() => form.setFieldValue('scopeIds', [])}
            options={[
              { label: '全场通用', value: 'ALL' },
              { label: '指定分类', value: 'CATEGORIES' },
              { label: '指定商品', value: 'GOODS' },
            ]}
          />
        </Form.Item>
        {scope === 'CATEGORIES' ? (
          <Form.Item
            label="适用分类"
            name="scopeIds"
            rules={[{ required: true, message: '请选择适用分类' }]}
            extra="选中分类下各级商品都可使用"
          >
            <TreeSelect
              treeData={categoryOptions}
              multiple
              treeCheckable={false}
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder="选择分类"
              loading={tree.isLoading}
              notFoundContent={tree.isError ? '分类加载失败' : '没有匹配的分类'}
              aria-label="适用分类"
            />
          </Form.Item>
        ) : scope === 'GOODS' ? (
          <Form.Item label="适用商品" name="scopeIds" rules={[{ required: true, message: '请选择适用商品' }]}>
            <GoodsPicker mode="multiple" placeholder="输入商品名称搜索并选择" aria-label="适用商品" maxCount={100} />
          </Form.Item>
        ) : null}
        <Form.Item label="有效期" name="validityType">
          <Radio.Group
            options={[
              { label: '固定日期', value: 'RANGE' },
              { label: '领取后 N 天内有效', value: 'DAYS' },
            ]}
          />
        </Form.Item>
        {validityType === 'RANGE' ? (
          <Form.Item
            label="有效日期"
            name="validDates"
            rules={[{ required: true, message: '请选择有效期' }]}
            extra="北京时间，含首尾两天"
          >
            <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
          </Form.Item>
        ) : (
          <Form.Item
            label="领取后有效天数"
            name="validDays"
            rules={[{ required: true, message: '请填写领取后有效天数' }]}
          >
            <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} suffix="天" />
          </Form.Item>
        )}
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 }}>
          <Form.Item label="发放总量" name="totalQuantity" rules={[{ required: true, message: '请填写发放总量' }]}>
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} suffix="张" />
          </Form.Item>
          <Form.Item label="每人限领" name="perMemberLimit" rules={[{ required: true, message: '请填写每人限领' }]}>
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} suffix="张" />
          </Form.Item>
        </div>
        <Form.Item label="领取方式" name="channel" extra={CHANNEL_HELP[channel]}>
          <Select
            options={COUPON_CHANNELS.map((c) => ({ value: c, label: COUPON_CHANNEL_NAMES[c] }))}
            aria-label="领取方式"
          />
        </Form.Item>
        <Form.Item label="使用说明" name="description" rules={[{ max: 200, message: '使用说明不能超过 200 个字符' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="买家在券上看到的说明（选填）" />
        </Form.Item>
      </Form>
      {refusal ? <Alert type="error" showIcon title={refusal} data-testid="coupon-form-error" /> : null}
    </Modal>
  );
}

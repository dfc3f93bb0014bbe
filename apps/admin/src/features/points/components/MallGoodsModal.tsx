import { useState } from 'react';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { yuanToFen, type ConsolePointsMallGoods } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { getGoodsDetail } from '../../../entities/goods/api/getGoodsDetail.ts';
import { GoodsPicker } from '../../../entities/goods/components/GoodsPicker.tsx';
import { specText } from '../../../entities/goods/specText.ts';
import type { GoodsDetail } from '../../../entities/goods/types.ts';
import { useCreateMallGoods, useUpdateMallGoods } from '../api/points.ts';
import { fenToYuan } from './money.ts';

interface Values {
  goodsId?: number;
  skuId?: number;
  category: string;
  pointsPrice: number;
  cashYuan: number;
  stock: number;
  perMemberLimit: number;
  sort: number;
  onShelf: boolean;
}

/** 新增 (from a catalogue SKU) or 编辑 a points-mall goods. */
export function MallGoodsModal({ editing, open, onClose }: { editing: ConsolePointsMallGoods | null; open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateMallGoods();
  const update = useUpdateMallGoods();
  const [goods, setGoods] = useState<GoodsDetail | null>(null);

  async function pickGoods(goodsId: number) {
    form.setFieldValue('skuId', undefined);
    setGoods(null);
    try {
      const g = await getGoodsDetail(goodsId);
      setGoods(g);
      if (g.skus.length === 1) form.setFieldValue('skuId', g.skus[0]!.id);
    } catch (e) {
      void message.error(errorMessage(e, '商品规格读取失败'));
    }
  }

  async function submit() {
    const v = await form.validateFields();
    const cashFen = yuanToFen(v.cashYuan ?? 0);
    if (cashFen === null) {
      form.setFields([{ name: 'cashYuan', errors: ['加价金额最多两位小数'] }]);
      return;
    }
    const input = {
      category: v.category.trim(),
      pointsPrice: v.pointsPrice,
      cashFen,
      stock: v.stock,
      perMemberLimit: v.perMemberLimit ?? 0,
      sort: v.sort ?? 0,
      onShelf: editing ? editing.onShelf : Boolean(v.onShelf),
    };
    try {
      if (editing) await update.mutateAsync({ ...input, id: editing.id });
      else await create.mutateAsync({ ...input, skuId: v.skuId! });
      void message.success(editing ? '积分商品已保存' : '积分商品已创建');
      onClose();
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  const initial: Values = editing
    ? {
        category: editing.category,
        pointsPrice: editing.pointsPrice,
        cashYuan: fenToYuan(editing.cashFen),
        stock: editing.stock,
        perMemberLimit: editing.perMemberLimit,
        sort: editing.sort,
        onShelf: editing.onShelf,
      }
    : { category: '', pointsPrice: 1000, cashYuan: 0, stock: 10, perMemberLimit: 1, sort: 0, onShelf: false };

  return (
    <Modal
      title={editing ? '编辑积分商品' : '新增积分商品'}
      open={open}
      onCancel={onClose}
      onOk={() => void submit()}
      okText="保存"
      cancelText="取消"
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false}>
        {editing ? (
          <Form.Item label="商品">
            {editing.name} · {editing.specText || '默认规格'}
          </Form.Item>
        ) : (
          <>
            <Form.Item label="商品" name="goodsId" rules={[{ required: true, message: '请搜索并选择商品' }]}>
              <GoodsPicker placeholder="输入商品名称搜索" onChange={(id) => void pickGoods(id)} aria-label="商品" />
            </Form.Item>
            <Form.Item label="规格" name="skuId" rules={[{ required: true, message: '请选择规格' }]}>
              <Select
                placeholder={goods ? '选择规格' : '先选择商品'}
                disabled={!goods}
                options={(goods?.skus ?? []).map((s) => ({
                  value: s.id,
                  label: `${specText(s.specs)} · ¥${(s.price / 100).toFixed(2)} · 库存 ${s.stock}`,
                }))}
                aria-label="规格"
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          label="分类"
          name="category"
          rules={[
            { required: true, whitespace: true, message: '请填写分类' },
            { max: 10, message: '分类不能超过 10 个字符' },
            { pattern: /^[^<>\u0000-\u001f\u007f]*$/, message: '分类含有不允许的字符' },
          ]}
        >
          <Input placeholder="如：精选好物" maxLength={10} showCount />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: 16 }}>
          <Form.Item label="所需积分" name="pointsPrice" rules={[{ required: true, message: '请填写所需积分' }]}>
            <InputNumber min={1} max={10_000_000} precision={0} style={{ width: '100%' }} addonAfter="积分" />
          </Form.Item>
          <Form.Item label="加价金额（元）" name="cashYuan" extra="0 表示纯积分兑换">
            <InputNumber min={0} max={100_000} precision={2} style={{ width: '100%' }} addonBefore="¥" />
          </Form.Item>
          <Form.Item label="兑换库存" name="stock" rules={[{ required: true, message: '请填写兑换库存' }]}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} addonAfter="件" />
          </Form.Item>
          <Form.Item label="每人限兑" name="perMemberLimit" extra="0 表示不限">
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} addonAfter="件" />
          </Form.Item>
          <Form.Item label="排序" name="sort" extra="数字越大越靠前">
            <InputNumber min={0} max={100_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          {editing ? null : (
            <Form.Item label="创建后立即上架" name="onShelf" valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </div>
      </Form>
    </Modal>
  );
}

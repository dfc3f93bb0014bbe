import { SUPPLIER_LIMITS as L } from '@mall/shared';
import { Form, Input, Select } from 'antd';
import { saveStore } from '../api/application.ts';
import { useTopCategories } from '../api/getTopCategories.ts';
import { textRules, trimmed } from '../lib/rules.ts';
import { useStepSave } from '../lib/useStepSave.ts';
import type { SupplierApplicationView } from '../types.ts';
import { ImageField } from './ImageField.tsx';
import { StepActions } from './StepActions.tsx';

interface Values {
  storeName: string;
  storeLogo?: string;
  categoryIds: number[];
  storeDescription?: string;
}

const FIELDS = ['storeName', 'storeLogo', 'categoryIds', 'storeDescription'];

/** Step 3 店铺信息: the store's name (unique in the shop), logo, 经营类目 and 店铺简介. */
export function StoreStep({
  app,
  onSaved,
  onBack,
}: {
  app: SupplierApplicationView;
  onSaved: (view: SupplierApplicationView) => void;
  onBack: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const actions = useStepSave(
    form,
    FIELDS,
    saveStore,
    (v: Values) => ({
      storeName: trimmed(v.storeName),
      storeLogo: v.storeLogo ?? '',
      categoryIds: v.categoryIds,
      storeDescription: trimmed(v.storeDescription),
    }),
    onSaved,
  );
  const categories = useTopCategories();
  const s = app.store;

  return (
    <Form
      form={form}
      layout="vertical"
      name="supplier-store"
      requiredMark
      initialValues={s ? { storeName: s.storeName, storeLogo: s.storeLogo, categoryIds: s.categoryIds, storeDescription: s.storeDescription } : { categoryIds: [] }}
    >
      <Form.Item name="storeName" label="店铺名称" extra="买家在商品页看到的店名，全站唯一" rules={textRules('店铺名称', ...L.storeName)}>
        <Input maxLength={40} placeholder="如：山野茶舍" />
      </Form.Item>
      <Form.Item name="storeLogo" label="店铺 Logo" extra="建议正方形，JPG、PNG 或 WebP，不超过 5MB" rules={[{ required: true, message: '请上传店铺 Logo' }]}>
        <ImageField uploadUrl="/member/supplier/upload?kind=logo" savedUrl={s?.storeLogoUrl} label="上传店铺 Logo" />
      </Form.Item>
      <Form.Item
        name="categoryIds"
        label="经营类目"
        extra="选择 1–10 个一级类目"
        rules={[
          { required: true, type: 'array', min: 1, message: '请选择经营类目' },
          { type: 'array', max: 10, message: '经营类目最多选 10 个' },
        ]}
      >
        <Select
          mode="multiple"
          maxCount={10}
          options={categories.data ?? []}
          loading={categories.isLoading}
          placeholder={<span style={{ color: '#6b6b6b' }}>{categories.isError ? '类目加载失败，请刷新后重试' : '请选择经营类目'}</span>}
          optionFilterProp="label"
          aria-label="经营类目"
        />
      </Form.Item>
      <Form.Item name="storeDescription" label="店铺简介" rules={textRules('店铺简介', ...L.storeDescription, false, true)}>
        <Input.TextArea rows={4} maxLength={500} showCount placeholder="介绍店铺的主营商品、产地与特色（选填）" />
      </Form.Item>
      <StepActions {...actions} onBack={onBack} primary="保存并下一步" />
    </Form>
  );
}

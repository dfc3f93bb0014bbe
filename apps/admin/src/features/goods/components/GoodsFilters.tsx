import { useEffect } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { GoodsQuery } from '../../../entities/goods/types.ts';
import { BrandSelect } from './BrandSelect.tsx';
import { CategorySelect } from './CategorySelect.tsx';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import styles from './GoodsList.module.css';

export type GoodsFilterValues = Pick<GoodsQuery, 'keyword' | 'categoryId' | 'brandId' | 'shelf' | 'stock'>;

const SHELF_OPTIONS = [
  { value: 'on', label: '在售' },
  { value: 'off', label: '已下架' },
];
const STOCK_OPTIONS = [
  { value: 'inStock', label: '有货' },
  { value: 'low', label: '低库存' },
  { value: 'soldOut', label: '售罄' },
];

/** The filters above the goods table; 查询 applies them, 重置 clears them. */
export function GoodsFilters({
  value,
  onSearch,
  lowStock,
}: {
  value: GoodsFilterValues;
  onSearch: (v: GoodsFilterValues) => void;
  lowStock: number;
}) {
  const [form] = Form.useForm<GoodsFilterValues>();
  const { store } = useGoodsScope();
  useEffect(
    () =>
      form.setFieldsValue({
        keyword: undefined,
        categoryId: undefined,
        brandId: undefined,
        shelf: undefined,
        stock: undefined,
        ...value,
      }),
    [form, value],
  );
  const submit = (v: GoodsFilterValues) => onSearch({ ...v, keyword: v.keyword?.trim() || undefined });
  return (
    <Form<GoodsFilterValues>
      form={form}
      layout="inline"
      onFinish={submit}
      className={styles.filters}
      aria-label="商品筛选"
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          prefix={<SearchOutlined className={styles.count} />}
          aria-label="关键词"
          placeholder="商品名称 / 编号 / SKU 编码"
          maxLength={50}
          style={{ width: 250 }}
        />
      </Form.Item>
      <Form.Item name="categoryId">
        <CategorySelect ariaLabel="分类" style={{ width: 180 }} />
      </Form.Item>
      {store ? null : (
        <Form.Item name="brandId">
          <BrandSelect ariaLabel="品牌" style={{ width: 160 }} />
        </Form.Item>
      )}
      <Form.Item name="shelf">
        <Select
          allowClear
          aria-label="上架状态"
          placeholder="上架状态"
          options={SHELF_OPTIONS}
          style={{ width: 116 }}
        />
      </Form.Item>
      <Form.Item name="stock">
        <Select
          allowClear
          aria-label="库存状态"
          placeholder="库存状态"
          options={STOCK_OPTIONS.map((o) =>
            o.value === 'low' ? { ...o, title: `有 SKU 只剩 ${lowStock} 件或更少` } : o,
          )}
          style={{ width: 116 }}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

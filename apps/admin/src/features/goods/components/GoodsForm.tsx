import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Form, Input, Row, Space, Switch, Tag } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { Link, useBlocker, useNavigate } from 'react-router';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { usePermission } from '../../../lib/permission.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useSaveGoods } from '../api/saveGoods.ts';
import { useGoodsScope } from '../lib/goods-scope.tsx';
import { ReviewStatusTag } from './ReviewStatusTag.tsx';
import type { DetailBlock, GoodsDetail, GoodsParam, SpecDef } from '../../../entities/goods/types.ts';
import type { GoodsInput } from '../api/types.ts';
import { gridProblem, rebuildRows, rowsFromSkus, usableDims, type GridRow } from '../lib/sku-grid.ts';
import { BrandSelect } from './BrandSelect.tsx';
import { CategorySelect } from './CategorySelect.tsx';
import { cleanDetail, DetailEditor, DetailPreview } from './DetailEditor.tsx';
import { ImageListEditor } from './ImageListEditor.tsx';
import { ParamsEditor } from './ParamsEditor.tsx';
import { SkuGrid } from './SkuGrid.tsx';
import { SpecEditor } from './SpecEditor.tsx';
import styles from './GoodsForm.module.css';
import page from './GoodsFormPage.module.css';

interface Fields {
  name: string;
  subtitle: string;
  categoryId?: number;
  brandId: number | null;
  isCrossBorder: boolean;
  onShelf: boolean;
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
}

/** The 库存 screen's threshold that lists every SKU of a goods, whatever its stock. */
const STOCK_ALL = 100_000_000;

const SECTIONS = [
  { id: 'basic', title: '基本信息' },
  { id: 'images', title: '商品图片' },
  { id: 'skus', title: '规格与库存' },
  { id: 'detail', title: '详情与参数' },
];

/** Spec dimensions that cannot be saved as they are, said in Chinese; null when fine. */
function dimsProblem(dims: SpecDef[]): string | null {
  const names = new Set<string>();
  for (const [i, d] of dims.entries()) {
    const name = d.name.trim();
    if (!name) return `第 ${i + 1} 个规格：请填写规格名`;
    if (!d.values.length) return `规格「${name}」还没有规格值`;
    if (names.has(name)) return `规格名「${name}」重复`;
    names.add(name);
  }
  return null;
}

function paramsProblem(params: GoodsParam[]): string | null {
  for (const [i, p] of params.entries()) {
    if (!p.name.trim() && !p.value.trim()) continue;
    if (!p.name.trim()) return `参数第 ${i + 1} 项：请填写参数名`;
    if (!p.value.trim()) return `参数第 ${i + 1} 项：请填写参数值`;
  }
  return null;
}

/**
 * 新建商品 / 编辑商品: a form in sections (基本信息, 商品图片, 规格与库存, 详情与参数), saved at once;
 * every refusal is the server's sentence above the form.
 */
export function GoodsForm({ initial }: { initial: GoodsDetail | null }) {
  const [form] = Form.useForm<Fields>();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const save = useSaveGoods();
  const scope = useGoodsScope();
  const canAdjust = usePermission('inventory:adjust');
  const [dims, setDims] = useState<SpecDef[]>(() => initial?.specs ?? []);
  const [rows, setRows] = useState<GridRow[]>(() =>
    initial ? rowsFromSkus(initial.skus, initial.specs) : rebuildRows([], []),
  );
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const saved = useRef(false);
  const images = Form.useWatch('images', form) ?? initial?.images ?? [];
  const detail = Form.useWatch('detail', form) ?? initial?.detail ?? [];
  const problemRef = useRef<HTMLDivElement>(null);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: '放弃未保存的修改？',
      content: '离开后，这次填写的内容不会保存。',
      okText: '离开',
      cancelText: '继续编辑',
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);

  const initialValues = useMemo<Fields>(
    () => ({
      name: initial?.name ?? '',
      subtitle: initial?.subtitle ?? '',
      categoryId: initial?.categoryId,
      brandId: initial?.brandId ?? null,
      isCrossBorder: initial?.isCrossBorder ?? false,
      onShelf: false,
      images: initial?.images ?? [],
      params: initial?.params ?? [],
      detail: initial?.detail ?? [],
    }),
    [initial],
  );

  const changeDims = (next: SpecDef[]) => {
    setDims(next);
    setRows((current) => rebuildRows(usableDims(next), current, removed));
    setDirty(true);
  };
  const removeRow = (key: string) => {
    setRemoved((s) => new Set(s).add(key));
    setRows((current) => current.filter((r) => r.key !== key));
    setDirty(true);
  };
  const restoreRows = () => {
    setRemoved(new Set());
    setRows((current) => rebuildRows(usableDims(dims), current));
  };

  const show = (text: string) => {
    setProblem(text);
    requestAnimationFrame(() => problemRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' }));
  };

  const submit = async () => {
    let values: Fields;
    try {
      values = await form.validateFields();
    } catch {
      show('请完善标红的内容');
      return;
    }
    const trouble = dimsProblem(dims) ?? gridProblem(rows) ?? paramsProblem(values.params);
    if (trouble) return show(trouble);
    const input: GoodsInput = {
      name: values.name.trim(),
      subtitle: values.subtitle?.trim() || undefined,
      categoryId: values.categoryId!,
      brandId: values.brandId ?? null,
      images: values.images,
      params: values.params
        .filter((p) => p.name.trim() || p.value.trim())
        .map((p) => ({ name: p.name.trim(), value: p.value.trim() })),
      detail: cleanDetail(values.detail),
      isCrossBorder: values.isCrossBorder,
      ...(initial || scope.store ? {} : { onShelf: values.onShelf }),
      specs: usableDims(dims),
      skus: rows.map((r) => ({
        ...(r.id !== undefined ? { id: r.id } : { stock: r.stock ?? 0 }),
        specs: r.specs,
        price: r.price!,
        marketPrice: r.marketPrice ?? 0,
        ...(r.code ? { code: r.code } : {}),
      })),
    };
    setProblem(null);
    try {
      const done = await save.mutateAsync({ goodsId: initial?.id ?? null, input });
      saved.current = true;
      void message.success(
        scope.store
          ? '已保存，商品已提交平台审核，审核通过后可上架'
          : initial
            ? '商品已保存'
            : `商品已创建（编号 ${done.goodsId}）`,
      );
      navigate(scope.base);
    } catch (err) {
      show(errorMessage(err, '保存失败，请稍后再试'));
    }
  };

  return (
    <PageContainer
      title={initial ? '编辑商品' : '新建商品'}
      subTitle={
        initial ? (
          <Space size={8}>
            <span>商品编号 {initial.id}</span>
            {initial.onShelf ? <Tag color="success">在售</Tag> : <Tag>已下架</Tag>}
            {initial.reviewStatus ? (
              <ReviewStatusTag status={initial.reviewStatus} reason={initial.reviewReason} />
            ) : null}
            {initial.onShelf ? (
              <a href={`/goodsDetail?id=${initial.id}`} target="_blank" rel="noreferrer">
                查看买家页面 <ExportOutlined />
              </a>
            ) : null}
          </Space>
        ) : scope.store ? (
          '填写后保存，商品提交平台审核；审核通过后即可上架销售'
        ) : (
          '填写后保存，商品立即出现在买家的搜索和分类中（上架时）'
        )
      }
    >
      <div className={page.layout}>
        <nav className={page.nav} aria-label="表单目录">
          {SECTIONS.map((s) => (
            <a
              key={s.id}
              href={`#${s.id}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(s.id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            >
              {s.title}
            </a>
          ))}
        </nav>
        <div className={page.main}>
          {scope.store ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title={
                initial?.reviewStatus === 'REJECTED' && initial.reviewReason
                  ? `平台驳回原因：${initial.reviewReason}。修改后保存即重新提交审核。`
                  : '保存后商品进入平台审核（审核期间不在售），审核通过后可在本店商品中上架。'
              }
            />
          ) : null}
          {problem ? (
            <div ref={problemRef}>
              <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(null)} />
            </div>
          ) : null}
          <Form<Fields>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={() => setDirty(true)}
            requiredMark
            className={page.form}
          >
            <section id="basic" className={page.section}>
              <h2 className={page.sectionTitle}>基本信息</h2>
              <Row gutter={24}>
                <Col span={24}>
                  <Form.Item
                    label="商品名称"
                    name="name"
                    rules={[{ required: true, whitespace: true, message: '请填写商品名称' }]}
                  >
                    <Input
                      maxLength={100}
                      showCount
                      placeholder="买家搜索和列表里看到的名字，如 紫藤花园 便携真空保温杯 500ml"
                    />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item label="副标题" name="subtitle" extra="卖点一句话，显示在商品名下方">
                    <Input maxLength={120} showCount placeholder="如 316 不锈钢内胆，保温 12 小时" />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item
                    label="分类"
                    name="categoryId"
                    rules={[{ required: true, message: '请选择分类' }]}
                    extra="只能选择最末级分类"
                  >
                    <CategorySelect leavesOnly placeholder="选择分类" />
                  </Form.Item>
                </Col>
                {scope.store ? null : (
                  <Col span={12}>
                    <Form.Item label="品牌" name="brandId">
                      <BrandSelect placeholder="选择品牌（可不选）" currentName={initial?.brandName} />
                    </Form.Item>
                  </Col>
                )}
                <Col span={12}>
                  <Form.Item
                    label="跨境商品"
                    name="isCrossBorder"
                    valuePropName="checked"
                    extra="跨境商品下单时，买家须填写实名信息"
                  >
                    <Switch checkedChildren="是" unCheckedChildren="否" />
                  </Form.Item>
                </Col>
                {initial || scope.store ? null : (
                  <Col span={12}>
                    <Form.Item
                      label="保存后立即上架"
                      name="onShelf"
                      valuePropName="checked"
                      extra="不上架时，可稍后在商品列表中上架"
                    >
                      <Switch checkedChildren="上架" unCheckedChildren="暂不" />
                    </Form.Item>
                  </Col>
                )}
              </Row>
            </section>

            <section id="images" className={page.section}>
              <h2 className={page.sectionTitle}>商品图片</h2>
              <Form.Item
                name="images"
                rules={[{ required: true, type: 'array', min: 1, message: '请至少上传 1 张商品图片' }]}
                extra="JPG、PNG 或 WebP，单张不超过 5 MB，最多 10 张；第一张是主图，可拖动或用箭头调整顺序"
              >
                <ImageListEditor />
              </Form.Item>
            </section>

            <section id="skus" className={page.section}>
              <h2 className={page.sectionTitle}>规格与库存</h2>
              <div className={page.subTitle}>商品规格</div>
              <SpecEditor value={dims} onChange={changeDims} />
              <div className={page.subTitle}>
                SKU 列表
                {removed.size ? (
                  <Button type="link" size="small" onClick={restoreRows}>
                    恢复已删除的组合
                  </Button>
                ) : null}
              </div>
              <SkuGrid
                dims={usableDims(dims)}
                rows={rows}
                onChange={(next) => {
                  setRows(next);
                  setDirty(true);
                }}
                onRemove={removeRow}
              />
              {initial && scope.store ? (
                <div className={styles.hint} style={{ marginTop: 8 }}>
                  新增的 SKU 在这里填写初始库存；已有 SKU 的库存如需调整，请联系平台运营。
                </div>
              ) : initial ? (
                <div className={styles.hint} style={{ marginTop: 8 }}>
                  已有 SKU 的库存在「库存」中调整（需填写原因）；新增的 SKU 在这里填写初始库存。
                  {canAdjust ? (
                    <>
                      {' '}
                      <Link to={`/inventory?keyword=${encodeURIComponent(initial.name)}&threshold=${STOCK_ALL}`}>
                        调整库存
                      </Link>
                      {' · '}
                      <Link to={`/inventory?tab=ledger&goods=${initial.id}`}>库存流水</Link>
                    </>
                  ) : null}
                </div>
              ) : null}
            </section>

            <section id="detail" className={page.section}>
              <h2 className={page.sectionTitle}>详情与参数</h2>
              <Row gutter={32}>
                <Col span={14}>
                  <Form.Item label="规格参数" name="params" extra="显示在买家页面的「规格参数」中">
                    <ParamsEditor />
                  </Form.Item>
                  <Form.Item label="商品详情" name="detail">
                    <DetailEditor images={images} />
                  </Form.Item>
                </Col>
                <Col span={10}>
                  <div className={page.previewLabel}>买家看到的「商品详情」</div>
                  <DetailPreview blocks={detail} />
                </Col>
              </Row>
            </section>
          </Form>
        </div>
      </div>
      <div className={page.footer}>
        <Space>
          <Button onClick={() => navigate(scope.base)}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
            {scope.store ? '保存并提交审核' : initial ? '保存' : '创建商品'}
          </Button>
        </Space>
      </div>
    </PageContainer>
  );
}

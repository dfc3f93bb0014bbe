import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Drawer, InputNumber, Radio, Skeleton, Space, Table, Typography } from 'antd';
import { DISTRIBUTION_PROGRAMME_NAMES, formatFen, yuanToFen, type DistributionProgramme } from '@mall/shared';
import { errorMessage } from '../../../lib/request.ts';
import { getGoodsDetail } from '../../../entities/goods/api/getGoodsDetail.ts';
import { GoodsPicker } from '../../../entities/goods/components/GoodsPicker.tsx';
import { useSaveDistributionGoods, type DistributionGoodsRow } from '../api/distribution.ts';
import { buildSkus, rowsOf, type SkuRow } from '../lib/goods-form.ts';
import { percentToBasisPoints, unitCommissionFen } from '../lib/money.ts';
import styles from './distribution.module.css';

const hint = { color: '#595959', fontSize: 12 } as const;

/** What one unit would earn under the row's rule, or a dash while the rule is incomplete. */
function preview(r: SkuRow): string {
  if (r.ruleType === 'FIXED') {
    const fen = yuanToFen(r.amountYuan);
    return fen && fen > 0 ? formatFen(unitCommissionFen({ type: 'FIXED', amountFen: fen }, r.priceFen)) : '—';
  }
  const bp = percentToBasisPoints(r.ratePercent);
  return bp && bp > 0 ? formatFen(unitCommissionFen({ type: 'RATE', basisPoints: bp }, r.priceFen)) : '—';
}

/**
 * 添加 / 编辑 a programme's goods: pick a goods from the catalogue (search by name), then per SKU
 * whether it earns and, in 分销, its rule — 固定金额 in 元 (sent in fen) or 比例 in % (sent in basis
 * points). 推广 pays its levels' rates, so only the SKUs are chosen. Saving replaces the goods' SKUs.
 */
export function GoodsFormDrawer({
  programme,
  editing,
  listed = [],
  onClose,
}: {
  programme: DistributionProgramme;
  /** The listed goods being edited; null to add one. */
  editing: DistributionGoodsRow | null;
  /** The goods listed now: picking one of them starts from its saved rules. */
  listed?: DistributionGoodsRow[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const save = useSaveDistributionGoods();
  const classic = programme === 'CLASSIC';
  const name = DISTRIBUTION_PROGRAMME_NAMES[programme];
  const [goods, setGoods] = useState<{ id: number; name: string } | null>(
    editing ? { id: editing.goodsId, name: editing.goodsName } : null,
  );
  const [rows, setRows] = useState<SkuRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  async function load(goodsId: number) {
    setLoading(true);
    setRefusal(null);
    setRowErrors({});
    try {
      const g = await getGoodsDetail(goodsId);
      setGoods({ id: g.id, name: g.name });
      setRows(rowsOf(g, editing ?? listed.find((l) => l.goodsId === g.id)));
    } catch (e) {
      setRows([]);
      setRefusal(errorMessage(e, '商品规格读取失败'));
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    if (editing) void load(editing.goodsId);
    // Loaded once, for the goods being edited (the drawer is keyed by it).
  }, []);

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
    if (!goods) {
      setRefusal('请先选择商品');
      return;
    }
    const built = buildSkus(programme, rows);
    if (!built.ok) {
      setRowErrors(built.rowErrors);
      setRefusal(built.message);
      return;
    }
    try {
      await save.mutateAsync({ programme, goodsId: goods.id, skus: built.skus });
      void message.success(`${name}商品已保存`);
      onClose();
    } catch (e) {
      setRefusal(errorMessage(e));
    }
  }

  const label = (r: SkuRow) => `${goods?.name ?? ''} ${r.specText}`;
  return (
    <Drawer
      title={editing ? `编辑${name}商品` : `添加${name}商品`}
      open
      onClose={onClose}
      size={classic ? 900 : 640}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} disabled={loading} onClick={() => void submit()}>
            保存
          </Button>
        </Space>
      }
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        商品
      </Typography.Title>
      {editing ? (
        <div style={{ marginBottom: 16 }}>{editing.goodsName}</div>
      ) : (
        <GoodsPicker
          value={goods?.id ?? null}
          placeholder="输入商品名称或编号搜索"
          busy={loading}
          onChange={(id) => void load(id)}
          style={{ width: 480, marginBottom: 16 }}
          aria-label="选择商品"
        />
      )}
      <Typography.Title level={5}>规格与佣金</Typography.Title>
      <div style={{ ...hint, marginBottom: 8 }}>
        {classic
          ? '勾选参与分销的规格，并为每个规格设置佣金：固定金额（每件，不高于售价）或按实付金额的比例（0.01%–50%）。'
          : '勾选参与推广的规格；推广佣金按推广员等级的直接/间接比例计算，不单独设置。'}
      </div>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <Table<SkuRow>
          rowKey="skuId"
          size="small"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: goods ? '该商品没有规格' : '请先在上方选择商品' }}
          onRow={(r) => ({ 'data-testid': 'goods-form-sku', 'data-sku': r.skuId }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: '参与',
              key: 'included',
              width: 60,
              render: (_: unknown, r) => (
                <Checkbox
                  checked={r.included}
                  onChange={(e) => patch(r.skuId, { included: e.target.checked })}
                  aria-label={`参与${name} ${label(r)}`}
                />
              ),
            },
            { title: '规格', dataIndex: 'specText' },
            {
              title: '售价',
              key: 'price',
              width: 100,
              render: (_: unknown, r) => <span className={styles.money}>{formatFen(r.priceFen)}</span>,
            },
            ...(classic
              ? [
                  {
                    title: '佣金',
                    key: 'rule',
                    width: 320,
                    render: (_: unknown, r: SkuRow) => {
                      const status = r.skuId in rowErrors ? ('error' as const) : undefined;
                      return (
                        <Space size={8}>
                          <Radio.Group
                            size="small"
                            optionType="button"
                            disabled={!r.included}
                            value={r.ruleType}
                            onChange={(e) => patch(r.skuId, { ruleType: e.target.value as SkuRow['ruleType'] })}
                            options={[
                              { label: '固定金额', value: 'FIXED' },
                              { label: '比例', value: 'RATE' },
                            ]}
                          />
                          {r.ruleType === 'FIXED' ? (
                            <InputNumber
                              min={0}
                              max={1_000_000}
                              precision={2}
                              prefix="¥"
                              style={{ width: 130 }}
                              status={status}
                              disabled={!r.included}
                              value={r.amountYuan}
                              onChange={(v) => patch(r.skuId, { amountYuan: v })}
                              aria-label={`固定佣金 ${label(r)}`}
                            />
                          ) : (
                            <InputNumber
                              min={0}
                              max={100}
                              precision={2}
                              suffix="%"
                              style={{ width: 130 }}
                              status={status}
                              disabled={!r.included}
                              value={r.ratePercent}
                              onChange={(v) => patch(r.skuId, { ratePercent: v })}
                              aria-label={`佣金比例 ${label(r)}`}
                            />
                          )}
                        </Space>
                      );
                    },
                  },
                  {
                    title: '每件佣金',
                    key: 'preview',
                    width: 100,
                    render: (_: unknown, r: SkuRow) =>
                      r.included ? (
                        <span className={styles.money} data-testid="goods-form-preview">
                          {preview(r)}
                        </span>
                      ) : (
                        <span style={hint}>不参与</span>
                      ),
                  },
                ]
              : []),
          ]}
          expandable={{
            showExpandColumn: false,
            expandedRowKeys: Object.keys(rowErrors).map(Number),
            expandedRowRender: (r) => <span style={{ color: '#cf1322' }}>{rowErrors[r.skuId]}</span>,
          }}
        />
      )}
      {classic ? (
        <div style={{ ...hint, marginTop: 8 }}>
          按比例计佣时，每件佣金按售价估算；实际按买家实付金额计算，向下取整到分。
        </div>
      ) : null}
      {refusal ? (
        <Alert type="error" showIcon title={refusal} data-testid="goods-form-error" style={{ marginTop: 16 }} />
      ) : null}
    </Drawer>
  );
}

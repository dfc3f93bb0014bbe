import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Input,
  InputNumber,
  Space,
  Table,
  Tag,
  type InputNumberProps,
  type TableColumnsType,
} from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { formatFen } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { usePromoterLevels, useSavePromoterLevels, type PromoterLevelRow } from '../api/distribution.ts';
import { buildLevels, toDrafts, type LevelDraft } from '../lib/levels-form.ts';
import { basisPointsText } from '../lib/money.ts';
import styles from '../components/distribution.module.css';

/** What reaching a level asks: settled sales or team size (either is enough); the first level asks nothing. */
function threshold(l: PromoterLevelRow, i: number): string {
  if (i === 0) return '加入推广即为此等级';
  return `已结算销售额满 ${formatFen(l.minSettledSalesFen)} 或团队人数满 ${l.minTeamSize} 人`;
}

const StartTag = () => (
  <Tag style={{ marginLeft: 6 }} variant="filled">
    起始
  </Tag>
);

function LevelsTable({ levels, loading }: { levels: PromoterLevelRow[] | undefined; loading: boolean }) {
  const columns: TableColumnsType<PromoterLevelRow> = [
    {
      title: '等级',
      key: 'name',
      width: 140,
      render: (_, l, i) => (
        <span>
          {l.name}
          {i === 0 ? <StartTag /> : null}
        </span>
      ),
    },
    {
      title: '直接推广佣金',
      key: 'direct',
      width: 130,
      render: (_, l) => <span className={styles.money}>{basisPointsText(l.directBasisPoints)}</span>,
    },
    {
      title: '间接推广佣金',
      key: 'indirect',
      width: 130,
      render: (_, l) => <span className={styles.money}>{basisPointsText(l.indirectBasisPoints)}</span>,
    },
    {
      title: '已结算销售额门槛',
      key: 'sales',
      width: 160,
      render: (_, l) => <span className={styles.money}>{formatFen(l.minSettledSalesFen)}</span>,
    },
    { title: '团队人数门槛', key: 'team', width: 130, render: (_, l) => `${l.minTeamSize} 人` },
    { title: '升级条件', key: 'rule', render: (_, l, i) => threshold(l, i) },
  ];
  return (
    <Table<PromoterLevelRow>
      rowKey="code"
      columns={columns}
      dataSource={levels}
      loading={loading}
      pagination={false}
      onRow={() => ({ 'data-testid': 'level-row' }) as React.HTMLAttributes<HTMLElement>}
      locale={{ emptyText: '暂无推广等级' }}
    />
  );
}

/** 编辑等级: every level at once — name, rates in %, thresholds in 元 and people — checked before sending. */
function LevelsEditor({ levels, onDone }: { levels: PromoterLevelRow[]; onDone: () => void }) {
  const { message } = App.useApp();
  const save = useSavePromoterLevels();
  const [drafts, setDrafts] = useState<LevelDraft[]>(() => toDrafts(levels));
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);

  const patch = (code: string, p: Partial<LevelDraft>) => {
    setRefusal(null);
    setDrafts((old) => old.map((d) => (d.code === code ? { ...d, ...p } : d)));
    setRowErrors((e) => {
      if (!(code in e)) return e;
      const next = { ...e };
      delete next[code];
      return next;
    });
  };

  async function submit() {
    setRefusal(null);
    const built = buildLevels(drafts);
    if (!built.ok) {
      setRowErrors(built.rowErrors);
      setRefusal(built.message);
      return;
    }
    try {
      await save.mutateAsync({ levels: built.levels });
      void message.success('推广等级已保存，之后支付的订单按新比例计佣');
      onDone();
    } catch (e) {
      setRefusal(errorMessage(e));
    }
  }

  /** A rate or threshold typed in its own unit, named for the screen reader with its level. */
  const numberColumn = (
    title: string,
    field: 'directPercent' | 'indirectPercent' | 'minSalesYuan' | 'minTeamSize',
    width: number,
    input: Pick<InputNumberProps<number>, 'max' | 'precision' | 'prefix' | 'suffix'>,
    fixedOnFirst = false,
  ): TableColumnsType<LevelDraft>[number] => ({
    title,
    key: field,
    width: width + 20,
    render: (_, d, i) => (
      <InputNumber
        min={0}
        {...input}
        style={{ width }}
        disabled={fixedOnFirst && i === 0}
        value={d[field]}
        onChange={(v) => patch(d.code, { [field]: v })}
        aria-label={`${title} ${d.name}`}
      />
    ),
  });

  const columns: TableColumnsType<LevelDraft> = [
    {
      title: '等级名称',
      key: 'name',
      width: 170,
      render: (_, d, i) => (
        <Space size={4}>
          <Input
            value={d.name}
            maxLength={10}
            style={{ width: 110 }}
            status={d.code in rowErrors ? 'error' : undefined}
            onChange={(e) => patch(d.code, { name: e.target.value })}
            aria-label={`等级名称 ${d.code}`}
          />
          {i === 0 ? <StartTag /> : null}
        </Space>
      ),
    },
    numberColumn('直接推广佣金', 'directPercent', 120, { max: 50, precision: 2, suffix: '%' }),
    numberColumn('间接推广佣金', 'indirectPercent', 120, { max: 50, precision: 2, suffix: '%' }),
    // The first level is where every promoter starts: its thresholds stay 0.
    numberColumn('已结算销售额门槛', 'minSalesYuan', 160, { max: 20_000_000, precision: 2, prefix: '¥' }, true),
    numberColumn('团队人数门槛', 'minTeamSize', 130, { max: 1_000_000, precision: 0, suffix: '人' }, true),
  ];

  return (
    <div data-testid="levels-editor">
      <Table<LevelDraft>
        rowKey="code"
        size="small"
        columns={columns}
        dataSource={drafts}
        pagination={false}
        expandable={{
          showExpandColumn: false,
          expandedRowKeys: Object.keys(rowErrors),
          expandedRowRender: (d) => <span style={{ color: '#cf1322' }}>{rowErrors[d.code]}</span>,
        }}
      />
      <div className={styles.sub} style={{ margin: '8px 0 16px' }}>
        比例为
        0%–50%；第一个等级是起始等级，没有门槛；之后每个等级的两项门槛都须高于上一等级。修改只影响之后支付的订单。
      </div>
      {refusal ? (
        <Alert type="error" showIcon title={refusal} data-testid="levels-error" style={{ marginBottom: 16 }} />
      ) : null}
      <Space>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          保存
        </Button>
        <Button disabled={save.isPending} onClick={onDone}>
          取消
        </Button>
      </Space>
    </div>
  );
}

/** 推广等级: the 推广 programme's levels, their direct and indirect rates and what reaching each asks; 编辑等级. */
export default function LevelsPage() {
  const levels = usePromoterLevels();
  const [editing, setEditing] = useState(false);

  return (
    <PageContainer
      subTitle="推广员按已结算销售额或团队人数自动升级（满足其一即可）；直接推广按本人等级的直接比例计佣，其邀请人按自己等级的间接比例计佣。"
      extra={
        editing || !levels.data ? null : (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑等级
          </Button>
        )
      }
    >
      <PageContainer.Section>
        {levels.isError && !levels.data ? (
          <LoadError error={levels.error} onRetry={() => void levels.refetch()} />
        ) : editing && levels.data ? (
          <LevelsEditor levels={levels.data} onDone={() => setEditing(false)} />
        ) : (
          <>
            <LevelsTable levels={levels.data} loading={levels.isFetching} />
            <Alert
              style={{ marginTop: 16 }}
              type="info"
              showIcon
              title="佣金按买家实付金额计算，向下取整到分；按订单支付时推广员所在的等级计算。"
            />
          </>
        )}
      </PageContainer.Section>
    </PageContainer>
  );
}

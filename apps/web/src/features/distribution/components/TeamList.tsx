import { useState } from 'react';
import { Segmented, Table, type TableColumnsType } from 'antd';
import type { PromoterTeamMember } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading } from '../../../components/Panel.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { INCOME_PAGE_SIZE, useTeam, type TeamTier } from '../api/income.ts';
import { Pager } from './Pager.tsx';
import styles from './distribution.module.css';

const columns: TableColumnsType<PromoterTeamMember> = [
  { title: '成员', dataIndex: 'name' },
  { title: '关系', dataIndex: 'tierText', width: 100 },
  { title: '等级', dataIndex: 'levelName', width: 100 },
  { title: '加入时间', key: 'at', width: 170, render: (_, m) => formatTime(m.joinedAt, 'YYYY-MM-DD HH:mm') },
];

/** 我的团队 (推广): direct and indirect members, masked, with their counts. */
export function TeamList() {
  const phone = useIsPhone();
  const [tier, setTier] = useState<TeamTier>('ALL');
  const [pageNum, setPageNum] = useState(1);
  const team = useTeam(tier, pageNum);
  const data = team.data;

  return (
    <div data-testid="team">
      <div className={styles.filters}>
        <Segmented<TeamTier>
          aria-label="团队成员"
          value={tier}
          onChange={(v) => {
            setTier(v);
            setPageNum(1);
          }}
          options={[
            { value: 'ALL', label: '全部' },
            { value: 'DIRECT', label: `直推${data ? ` ${data.directCount}` : ''}` },
            { value: 'INDIRECT', label: `间推${data ? ` ${data.indirectCount}` : ''}` },
          ]}
        />
        {data ? (
          <span className={styles.muted} style={{ fontSize: 14 }} data-testid="team-counts">
            直推 {data.directCount} 人 · 间推 {data.indirectCount} 人
          </span>
        ) : null}
      </div>
      {team.isPending ? (
        <Loading />
      ) : team.isError || !data ? (
        <LoadError error={team.error} onRetry={() => void team.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState text="还没有团队成员，分享邀请码或商品链接邀请好友加入吧" />
      ) : phone ? (
        <ul className={styles.cardList}>
          {data.list.map((m, i) => (
            <li key={`${m.name}-${m.joinedAt}-${i}`} className={styles.rowCard}>
              <div className={styles.rowHead}>
                <span>{m.name}</span>
                <span className={styles.muted}>
                  {m.tierText} · {m.levelName}
                </span>
              </div>
              <div className={styles.muted}>加入于 {formatTime(m.joinedAt, 'YYYY-MM-DD HH:mm')}</div>
            </li>
          ))}
        </ul>
      ) : (
        <Table
          rowKey={(m) => `${m.name}-${m.joinedAt}-${m.tier}`}
          columns={columns}
          dataSource={data.list}
          pagination={false}
          loading={team.isFetching}
        />
      )}
      {data ? <Pager pageNum={data.pageNum} pageSize={INCOME_PAGE_SIZE} total={data.total} onChange={setPageNum} /> : null}
    </div>
  );
}

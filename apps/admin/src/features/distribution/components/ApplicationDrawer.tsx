import { Descriptions, Drawer, Empty, Skeleton, Timeline } from 'antd';
import type { ConsoleApplication } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useApplicationDetail, useApplicationHistory } from '../api/distribution.ts';
import { ApplicationActions } from './ApplicationActions.tsx';
import { ApplicationStatusTag, ProgrammeTag } from './tags.tsx';
import styles from './distribution.module.css';

function History({ a }: { a: ConsoleApplication }) {
  const history = useApplicationHistory(a);
  if (history.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (history.isError) return <LoadError title="申请记录加载失败" error={history.error} />;
  const list = history.data ?? [];
  if (!list.length) return <Empty description="暂无申请记录" />;
  return (
    <Timeline
      data-testid="application-history"
      items={list.flatMap((h) => [
        ...(h.reviewedAt
          ? [
              {
                key: `${h.id}-r`,
                color: h.status === 'APPROVED' ? 'green' : 'red',
                content: (
                  <div>
                    <div>
                      {h.programmeText}申请{h.statusText}
                      {h.reviewedBy ? `（${h.reviewedBy}）` : ''}
                    </div>
                    {h.rejectReason ? <div className={styles.reason}>驳回原因：{h.rejectReason}</div> : null}
                    <div className={styles.sub}>{formatTime(h.reviewedAt)}</div>
                  </div>
                ),
              },
            ]
          : []),
        {
          key: `${h.id}-a`,
          color: h.id === a.id ? 'blue' : 'gray',
          content: (
            <div>
              <div>
                提交{h.programmeText}申请{h.id === a.id ? '（本申请）' : ''}
              </div>
              <div className={styles.sub}>{formatTime(h.createdAt)}</div>
            </div>
          ),
        },
      ])}
    />
  );
}

/** 申请详情: who applies (real name, masked ID, mobile), where and why, the inviter, and the member's applications. */
export function ApplicationDrawer({
  id,
  onReject,
  onClose,
}: {
  id: number | null;
  onReject: (a: ConsoleApplication) => void;
  onClose: () => void;
}) {
  const detail = useApplicationDetail(id);
  const a = detail.data;
  return (
    <Drawer
      title="申请详情"
      open={id !== null}
      onClose={onClose}
      size={560}
      destroyOnHidden
      extra={a ? <ApplicationActions a={a} onReject={onReject} type="default" /> : null}
    >
      {detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError || !a ? (
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <div data-testid="application-detail">
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 110 } }}
            items={[
              {
                key: 'p',
                label: '申请计划',
                children: <ProgrammeTag programme={a.programme} text={a.programmeText} />,
              },
              {
                key: 's',
                label: '审核状态',
                children: <ApplicationStatusTag status={a.status} text={a.statusText} />,
              },
              { key: 'm', label: '会员', children: a.memberName },
              { key: 'n', label: '真实姓名', children: a.realName },
              { key: 'i', label: '身份证号', children: a.idMasked },
              { key: 'mo', label: '联系手机', children: a.mobile },
              { key: 'c', label: '分享渠道', children: a.channel },
              { key: 'r', label: '申请理由', children: <span className={styles.reason}>{a.reason}</span> },
              ...(a.programme === 'PROMOTER'
                ? [{ key: 'inv', label: '邀请人', children: a.inviterName ?? '无（未填写邀请码）' }]
                : []),
              { key: 't', label: '申请时间', children: formatTime(a.createdAt) },
              ...(a.reviewedAt
                ? [
                    { key: 'rt', label: '审核时间', children: formatTime(a.reviewedAt) },
                    { key: 'rb', label: '审核人', children: a.reviewedBy ?? '—' },
                  ]
                : []),
              ...(a.rejectReason
                ? [{ key: 'rr', label: '驳回原因', children: <span className={styles.reason}>{a.rejectReason}</span> }]
                : []),
            ]}
          />
          <h4 style={{ margin: '24px 0 12px' }}>申请记录</h4>
          <History a={a} />
        </div>
      )}
    </Drawer>
  );
}

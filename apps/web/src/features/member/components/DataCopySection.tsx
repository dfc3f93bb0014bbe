import { Button, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { formatTime, type DataCopyFileLink, type DataCopyView } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { downloadDataCopyFile, useCreateDataCopy, useDataCopies } from '../api/privacy.ts';
import { useQueryClient } from '@tanstack/react-query';
import { memberKeys } from '../api/memberKeys.ts';

const shown = (iso: string) => formatTime(iso, 'YYYY-MM-DD HH:mm');
const FILE_TEXT = { json: '完整数据（JSON）', csv: '订单表格（CSV）' } as const;

function FileButton({ f }: { f: DataCopyFileLink }) {
  const { message } = useFeedback();
  const client = useQueryClient();
  if (f.downloadedAt) {
    return (
      <Button size="small" disabled>
        {FILE_TEXT[f.kind]} 已下载
      </Button>
    );
  }
  return (
    <Button
      size="small"
      type="primary"
      ghost
      icon={<DownloadOutlined />}
      data-testid={`data-copy-download-${f.kind}`}
      onClick={() =>
        downloadDataCopyFile(f.url)
          .then((name) => void message.success(`已开始下载 ${name}`))
          .catch(() => undefined) // the request helper shows the server's reason
          .finally(() => void client.invalidateQueries({ queryKey: memberKeys.dataCopies }))
      }
    >
      {FILE_TEXT[f.kind]}
    </Button>
  );
}

function CopyRow({ copy }: { copy: DataCopyView }) {
  const color = copy.stateText === '可下载' ? 'purple' : copy.stateText === '已下载' ? 'green' : 'default';
  return (
    <li style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, padding: '8px 0', borderTop: '1px solid #f0f0f0' }} data-testid="data-copy-row">
      <span style={{ minWidth: 150 }}>申请于 {shown(copy.createdAt)}</span>
      <Tag color={color}>{copy.stateText}</Tag>
      {copy.files ? (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {copy.files.map((f) => (
            <FileButton key={f.kind} f={f} />
          ))}
        </span>
      ) : null}
    </li>
  );
}

/** 个人信息副本: ask for one (3 a day), then download each file once within 10 minutes; the copies made are listed. */
export function DataCopySection() {
  const { message } = useFeedback();
  const copies = useDataCopies();
  const create = useCreateDataCopy();
  const d = copies.data;
  const left = d ? d.dailyLimit - d.usedToday : 0;

  return (
    <section aria-labelledby="data-copy-title" data-testid="data-copy">
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 12 }}>
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <h3 id="data-copy-title" style={{ margin: 0, fontSize: 15 }}>
            个人信息副本
          </h3>
          <p style={{ margin: '4px 0 0', color: '#6b6b6b', fontSize: 13 }}>
            获取我们保存的您的个人信息：资料、收货地址、订单、售后、优惠券、积分、收藏、足迹与同意记录（JSON），以及订单表格（CSV，可用
            Excel 打开）。下载链接 10 分钟内有效，每个文件仅可下载一次；每天最多申请 {d?.dailyLimit ?? 3} 次。
          </p>
        </div>
        <Button
          type="primary"
          loading={create.isPending}
          disabled={!d || left <= 0}
          data-testid="data-copy-create"
          onClick={() =>
            create.mutateAsync().then(
              () => void message.success('个人信息副本已生成，请在 10 分钟内下载'),
              () => undefined,
            )
          }
        >
          申请副本
        </Button>
      </div>
      {d ? (
        <p style={{ margin: '8px 0 0', fontSize: 13 }} data-testid="data-copy-quota">
          {left > 0 ? `今天还可申请 ${left} 次` : '今天的申请次数已用完，请明天再试'}
        </p>
      ) : null}
      {copies.isError ? (
        <LoadError onRetry={() => void copies.refetch()} />
      ) : d && d.list.length > 0 ? (
        <ul style={{ listStyle: 'none', margin: '8px 0 0', padding: 0 }} aria-label="副本申请记录">
          {d.list.map((c) => (
            <CopyRow key={c.id} copy={c} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

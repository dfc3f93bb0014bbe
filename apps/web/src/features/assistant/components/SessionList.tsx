import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { Conversations } from '@ant-design/x';
import { useFeedback } from '../../../lib/feedback.ts';
import { useDeleteSession, useRenameSession } from '../api/sessions.ts';
import type { SessionSummary } from '../types.ts';
import styles from './assistant.module.css';

export const TITLE_MAX = 30;

/** The member's sessions: 新对话, pick one, and each one's 重命名 / 删除. */
export function SessionList({
  sessions,
  activeId,
  onPick,
  onCreate,
  onDeleted,
  creating,
}: {
  sessions: SessionSummary[];
  activeId: string | null;
  onPick: (sessionId: string) => void;
  onCreate: () => void;
  onDeleted: (sessionId: string) => void;
  creating?: boolean;
}) {
  const { modal, message } = useFeedback();
  const rename = useRenameSession();
  const remove = useDeleteSession();
  const [renaming, setRenaming] = useState<{ sessionId: string; title: string } | null>(null);

  const confirmDelete = (s: SessionSummary) =>
    modal.confirm({
      title: '删除对话',
      content: `删除后「${s.title}」的全部消息将无法恢复，确认删除？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        remove.mutateAsync(s.sessionId).then(
          () => {
            message.success('已删除');
            onDeleted(s.sessionId);
          },
          () => {},
        ),
    });

  const saveTitle = () => {
    if (!renaming) return;
    const title = renaming.title.trim();
    if (!title) return;
    rename.mutate({ sessionId: renaming.sessionId, title }, { onSuccess: () => setRenaming(null) });
  };

  return (
    <>
      <Button block icon={<PlusOutlined />} onClick={onCreate} loading={creating}>
        新对话
      </Button>
      <div className={styles.sessionsList}>
        {sessions.length ? (
          <Conversations
            aria-label="对话列表"
            activeKey={activeId ?? undefined}
            onActiveChange={(key) => onPick(String(key))}
            items={sessions.map((s) => ({
              key: s.sessionId,
              // A button, so that the list is reachable and named by keyboard and screen readers too.
              label: (
                <button
                  type="button"
                  className="assistant-session-pick"
                  aria-current={s.sessionId === activeId ? 'true' : undefined}
                  data-testid="assistant-session"
                  style={{ all: 'inherit', cursor: 'pointer', display: 'block', width: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {s.title}
                </button>
              ),
            }))}
            menu={(item) => {
              const session = sessions.find((s) => s.sessionId === item.key);
              return {
                trigger: <Button type="text" size="small" icon={<MoreOutlined />} aria-label={`更多操作：${session?.title ?? ''}`} />,
                items: [
                  { key: 'rename', label: '重命名', icon: <EditOutlined /> },
                  { key: 'delete', label: '删除', icon: <DeleteOutlined />, danger: true },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  if (!session) return;
                  if (key === 'rename') setRenaming({ sessionId: session.sessionId, title: session.title });
                  else confirmDelete(session);
                },
              };
            }}
          />
        ) : (
          <p className={styles.muted} style={{ margin: 8 }}>
            还没有对话，问一个问题开始吧
          </p>
        )}
      </div>
      <Modal
        title="重命名对话"
        open={Boolean(renaming)}
        okText="保存"
        cancelText="取消"
        onOk={saveTitle}
        okButtonProps={{ disabled: !renaming?.title.trim(), loading: rename.isPending }}
        onCancel={() => setRenaming(null)}
        destroyOnHidden
      >
        <Input
          aria-label="对话名称"
          value={renaming?.title ?? ''}
          maxLength={TITLE_MAX}
          showCount
          autoFocus
          onChange={(e) => setRenaming((r) => (r ? { ...r, title: e.target.value } : r))}
          onPressEnter={saveTitle}
        />
      </Modal>
    </>
  );
}

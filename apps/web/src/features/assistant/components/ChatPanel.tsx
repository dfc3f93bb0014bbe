import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { ArrowUpOutlined, PauseCircleOutlined, RobotOutlined } from '@ant-design/icons';
import { Bubble, Prompts, Sender, Welcome } from '@ant-design/x';
import type { BubbleItemType } from '@ant-design/x';
import type { ChatMessage } from '../api/useChat.ts';
import type { Feedback } from '../types.ts';
import { AnswerBody, AnswerFooter } from './Answer.tsx';
import styles from './assistant.module.css';

export const QUESTION_MAX = 500;

/** The conversation: messages as bubbles (or the welcome with suggested questions) and the sender. */
export function ChatPanel({
  head,
  messages,
  suggestions,
  streaming,
  busy,
  onAsk,
  onStop,
  onRegenerate,
  onRate,
}: {
  head: ReactNode;
  messages: ChatMessage[];
  suggestions: string[];
  streaming: boolean;
  busy: boolean;
  onAsk: (question: string) => boolean | Promise<boolean>;
  onStop: () => void;
  onRegenerate: (key: string) => void;
  onRate: (key: string, value: Feedback) => void;
}) {
  const [value, setValue] = useState('');
  const submit = async (text: string) => {
    if (await onAsk(text)) setValue('');
  };

  const latestAnswer = messages.filter((m) => m.role === 'assistant').at(-1)?.key;
  const items: BubbleItemType[] = messages.map((m) => ({
    key: m.key,
    role: m.role === 'user' ? 'user' : 'ai',
    content: m,
    loading: Boolean(m.pending && !m.content && !m.parts.length && !m.tools?.length),
  }));

  return (
    <section className={styles.chat} aria-label="对话">
      <div className={styles.chatHead}>{head}</div>
      <div className={styles.messages}>
        {messages.length ? (
          <Bubble.List
            style={{ flex: 1, minHeight: 0 }}
            items={items}
            role={{
              ai: {
                placement: 'start',
                variant: 'borderless',
                contentRender: (m: ChatMessage) => (
                  <AnswerBody message={m} onAsk={(q) => void submit(q)} busy={busy} latest={m.key === latestAnswer} />
                ),
                footer: (m: ChatMessage) => (
                  <AnswerFooter message={m} busy={busy} onRegenerate={() => onRegenerate(m.key)} onRate={(v) => onRate(m.key, v)} />
                ),
              },
              user: {
                placement: 'end',
                contentRender: (m: ChatMessage) => <span data-testid="assistant-question">{m.content}</span>,
              },
            }}
          />
        ) : (
          <div className={styles.welcome}>
            <Welcome
              variant="borderless"
              icon={<RobotOutlined style={{ fontSize: 40, color: '#7b5a98' }} />}
              title="你好，我是购物助手"
              description="可以帮你找商品、比价格、查订单和物流、找优惠券和积分。价格与库存均来自商城实时数据。"
            />
            {suggestions.length ? (
              <Prompts
                title="你可以这样问"
                wrap
                items={suggestions.map((s) => ({
                  key: s,
                  // A button inside: reachable by keyboard, and its click reaches the item's handler.
                  label: (
                    <button type="button" style={{ all: 'inherit', cursor: 'pointer' }} data-testid="assistant-suggestion">
                      {s}
                    </button>
                  ),
                }))}
                onItemClick={({ data }) => void submit(String(data.key))}
              />
            ) : null}
          </div>
        )}
      </div>
      <div className={styles.sender}>
        <Sender
          value={value}
          onChange={(v) => setValue(v)}
          onSubmit={(text) => void submit(text)}
          loading={streaming}
          placeholder="问问购物助手，如：三千以内的手机"
          autoSize={{ minRows: 1, maxRows: 4 }}
          suffix={() =>
            streaming ? (
              <Button danger icon={<PauseCircleOutlined />} onClick={onStop}>
                停止
              </Button>
            ) : (
              <Button
                type="primary"
                shape="circle"
                icon={<ArrowUpOutlined />}
                aria-label="发送"
                disabled={busy || !value.trim()}
                onClick={() => void submit(value)}
              />
            )
          }
        />
        {value.length > QUESTION_MAX ? (
          <p className={styles.hint} role="alert">
            问题最多 {QUESTION_MAX} 个字，当前 {value.length} 个字
          </p>
        ) : null}
      </div>
    </section>
  );
}

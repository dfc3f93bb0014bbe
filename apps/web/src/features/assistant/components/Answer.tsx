import { Button, Tooltip } from 'antd';
import { CheckOutlined, CopyOutlined, DislikeFilled, DislikeOutlined, LikeFilled, LikeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Actions } from '@ant-design/x';
import XMarkdown from '@ant-design/x-markdown';
import { useState } from 'react';
import { ASSISTANT_TOOL_NAMES } from '@mall/shared';
import type { ChatMessage } from '../api/useChat.ts';
import type { Card, Feedback } from '../types.ts';
import { CompareCard, GoodsCards } from './GoodsCards.tsx';
import { ConfirmCard, CouponCards } from './OfferCards.tsx';
import { AfterSaleCards, OrderCards, PointsCard } from './TradeCards.tsx';
import styles from './assistant.module.css';


const STEP_STATE = { running: '中…', done: '完成', failed: '失败' } as const;

function CardView({ card, onAsk, busy, first }: { card: Card; onAsk: (q: string) => void; busy: boolean; first: number | null }) {
  switch (card.kind) {
    case 'goods':
      return <GoodsCards goods={card.goods} onAsk={onAsk} disabled={busy} first={first} />;
    case 'compare':
      return <CompareCard goods={card.goods} rows={card.rows} />;
    case 'order':
      return <OrderCards orders={card.orders} />;
    case 'aftersale':
      return <AfterSaleCards list={card.list} />;
    case 'coupons':
      return <CouponCards coupons={card.coupons} />;
    case 'points':
      return <PointsCard balance={card.balance} expiringSoon={card.expiringSoon} />;
    case 'confirm':
      return <ConfirmCard proposal={card} />;
    default:
      return null;
  }
}

/** Where each card's first goods stands among the answer's goods (goods and compare cards, in order), from 1. */
function goodsPositions(cards: Card[]): number[] {
  let next = 1;
  return cards.map((card) => {
    const at = next;
    if (card.kind === 'goods' || card.kind === 'compare') next += card.goods.length;
    return at;
  });
}

/**
 * An answer's body: the steps it is taking, its text (markdown, never raw HTML), its cards. `latest`:
 * the last answer of the session, the one whose goods the buyer's next words (第2个) refer to.
 */
export function AnswerBody({ message, onAsk, busy, latest }: { message: ChatMessage; onAsk: (q: string) => void; busy: boolean; latest: boolean }) {
  const steps = message.tools ?? [];
  const positions = goodsPositions(message.parts);
  return (
    <div className={styles.answer} data-testid="assistant-answer" aria-busy={message.pending || undefined}>
      {steps.length && (message.pending || steps.some((s) => s.status === 'failed')) ? (
        <ul className={styles.steps} aria-label="查询步骤">
          {steps.map((s) => (
            <li key={s.callId}>
              {s.summary || `${ASSISTANT_TOOL_NAMES[s.name] ?? '查询'}${STEP_STATE[s.status]}`}
            </li>
          ))}
        </ul>
      ) : null}
      {message.content ? (
        <XMarkdown
          className={styles.answerText}
          content={message.content}
          escapeRawHtml
          openLinksInNewTab={false}
          streaming={{ hasNextChunk: Boolean(message.pending), enableAnimation: false }}
        />
      ) : null}
      {message.parts.map((card, i) => (
        <CardView key={i} card={card} onAsk={onAsk} busy={busy} first={latest ? positions[i]! : null} />
      ))}
      {message.status === 'stopped' ? <span className={styles.muted}>（已停止生成）</span> : null}
      {message.error ? (
        <span className={styles.error} role="alert">
          {message.error}
        </span>
      ) : null}
    </div>
  );
}

function IconButton({ label, icon, onClick, pressed, disabled }: { label: string; icon: React.ReactNode; onClick: () => void; pressed?: boolean; disabled?: boolean }) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" icon={icon} aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled} />
    </Tooltip>
  );
}

/** Under a finished answer: the AI label line, then 复制, 重新生成, 👍 and 👎. */
export function AnswerFooter({
  message,
  busy,
  onRegenerate,
  onRate,
}: {
  message: ChatMessage;
  busy: boolean;
  onRegenerate: () => void;
  onRate: (value: Feedback) => void;
}) {
  const [copied, setCopied] = useState(false);
  if (message.pending) return null;
  const saved = !message.messageId.startsWith('local-');
  const copy = () => {
    void navigator.clipboard?.writeText(message.content).then(
      () => setCopied(true),
      () => {},
    );
  };
  const items = [
    { key: 'copy', actionRender: <IconButton label={copied ? '已复制' : '复制'} icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={copy} disabled={!message.content} /> },
    { key: 'regenerate', actionRender: <IconButton label="重新生成" icon={<ReloadOutlined />} onClick={onRegenerate} disabled={busy} /> },
    ...(saved
      ? [
          {
            key: 'like',
            actionRender: (
              <IconButton
                label="有帮助"
                icon={message.feedback === 1 ? <LikeFilled /> : <LikeOutlined />}
                pressed={message.feedback === 1}
                onClick={() => onRate(message.feedback === 1 ? 0 : 1)}
              />
            ),
          },
          {
            key: 'dislike',
            actionRender: (
              <IconButton
                label="没帮助"
                icon={message.feedback === -1 ? <DislikeFilled /> : <DislikeOutlined />}
                pressed={message.feedback === -1}
                onClick={() => onRate(message.feedback === -1 ? 0 : -1)}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <div className={styles.footer}>
      {message.label ? (
        <span className={styles.label} data-testid="assistant-label">
          {message.label}
        </span>
      ) : null}
      <Actions items={items} variant="borderless" />
    </div>
  );
}

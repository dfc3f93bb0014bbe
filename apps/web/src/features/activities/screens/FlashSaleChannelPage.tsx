import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { FlashSaleSession } from '@mall/shared';
import { Countdown } from '../../../components/Countdown.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { countdownOf } from '../../../lib/activityCountdown.ts';
import { useFeedback } from '../../../lib/feedback.ts';
import { chosenSession, sessionChip } from '../../../lib/flashSaleSessions.ts';
import { useSession } from '../../../lib/session.ts';
import { flashSaleSessionsKey, useFlashSaleSessions } from '../../../lib/useFlashSaleSessions.ts';
import { useLoginPrompt } from '../../../lib/useLoginPrompt.ts';
import { useMyReminders, useRemind } from '../api/activityGoods.ts';
import { FlashChannelGoods } from '../components/FlashChannelGoods.tsx';
import styles from '../components/FlashSaleChannel.module.css';

/** While the 会场 is open its 已抢 figures are asked for again this often. */
const REFRESH_MS = 15_000;

function Heading() {
  return (
    <div className={styles.hero}>
      <h1 className={styles.heroTitle}>限时秒杀</h1>
      <span className={styles.heroSub}>每日多场 · 好物限量抢</span>
    </div>
  );
}

/** Today's sessions as tabs (10:00 已开抢 / 14:00 抢购中 / 20:00 即将开始 …), scrolling sideways when many. */
function SessionTabs({ sessions, shown, now, onChoose }: { sessions: FlashSaleSession[]; shown: FlashSaleSession; now: string; onChoose: (id: number) => void }) {
  const row = useRef<HTMLDivElement>(null);
  // Keeps the chosen tab in view inside its row (never scrolling the page itself).
  useEffect(() => {
    const box = row.current;
    const tab = box?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!box || !tab) return;
    const left = tab.offsetLeft - box.offsetLeft;
    if (left < box.scrollLeft || left + tab.offsetWidth > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = left - (box.clientWidth - tab.offsetWidth) / 2;
    }
  }, [shown.activityId]);
  return (
    <div className={styles.tabs} role="tablist" aria-label="秒杀场次" ref={row} data-testid="flash-channel-tabs">
      {sessions.map((s) => {
        const chip = sessionChip(s, now);
        const on = s.activityId === shown.activityId;
        return (
          <button
            key={s.activityId}
            type="button"
            role="tab"
            id={`flash-tab-${s.activityId}`}
            aria-selected={on}
            aria-controls="flash-channel-panel"
            className={on ? `${styles.tab} ${styles.tabOn}` : styles.tab}
            onClick={() => onChoose(s.activityId)}
            data-testid="flash-channel-tab"
            data-session={s.activityId}
          >
            <b>{chip.time}</b>
            <span>{chip.state}</span>
          </button>
        );
      })}
    </div>
  );
}

/** 提醒我 / 取消提醒 on a card: a visitor without tokens is asked to sign in first (and comes back here). */
function useCardRemind(signedIn: boolean) {
  const promptLogin = useLoginPrompt();
  const { message } = useFeedback();
  const remind = useRemind();
  const [pressed, setPressed] = useState<number | null>(null);
  const press = (activityId: number, skuId: number, on: boolean) => {
    if (!signedIn) return promptLogin();
    setPressed(skuId);
    remind.mutate(
      { activityId, skuId, on },
      {
        onSuccess: (r) => void message.success(on ? `已设置提醒，开抢前 ${r.minutesBefore ?? 5} 分钟短信通知您` : '已取消提醒'),
        onSettled: () => setPressed(null),
      },
    );
  };
  return { press, busySku: remind.isPending ? pressed : null };
}

/**
 * 秒杀 会场 (/flashSale): today's sessions as tabs, the one running chosen unless the address names one
 * (`?session=`, as the home strip's 更多 writes it), its countdown (距结束 / 距开始 by the server's clock)
 * and its goods with 已抢 x%, 马上抢 while it runs and 提醒我 before it starts. When a countdown ends the
 * sessions are asked for again; while open, every 15 s.
 */
export default function FlashSaleChannelPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const signedIn = Boolean(user);
  const client = useQueryClient();
  const q = useFlashSaleSessions({ refreshMs: REFRESH_MS });
  const sessions = q.data?.sessions.filter((s) => s.goods.length > 0) ?? [];
  const shown = chosenSession(sessions, params.get('session'));
  const upcoming = shown?.phase === 'UPCOMING';
  const reminders = useMyReminders(upcoming ? shown.activityId : null, signedIn);
  const { press, busySku } = useCardRemind(signedIn);

  if (q.error && !q.data) {
    return (
      <div className={styles.page}>
        <Heading />
        <LoadError title="秒杀场次加载失败" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  if (!q.data) {
    return (
      <div className={styles.page} data-testid="flash-channel-loading">
        <Heading />
        <div className={styles.panel}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </div>
    );
  }
  if (!shown) {
    return (
      <div className={styles.page}>
        <Heading />
        <div className={`${styles.panel} ${styles.empty}`} data-testid="flash-channel-empty">
          <p className={styles.emptyTitle}>今日暂无秒杀场次</p>
          <p className={styles.emptyText}>敬请期待下一场秒杀，先去逛逛别的好物吧</p>
          <Link to="/">
            <Button type="primary">去首页逛逛</Button>
          </Link>
        </div>
      </div>
    );
  }
  const cd = countdownOf(shown.phase, shown);
  const onMoment = () => {
    void client.invalidateQueries({ queryKey: flashSaleSessionsKey });
    if (signedIn && upcoming) void reminders.refetch();
  };
  const reminded = new Set(upcoming ? (reminders.data?.skuIds ?? []) : []);
  const choose = (id: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('session', String(id));
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className={styles.page}>
      <Heading />
      <SessionTabs sessions={sessions} shown={shown} now={q.data.now} onChoose={choose} />
      <section className={styles.panel} id="flash-channel-panel" role="tabpanel" aria-labelledby={`flash-tab-${shown.activityId}`}>
        <div className={styles.sessionBar}>
          <div className={styles.sessionName}>
            <b data-testid="flash-channel-session">{shown.title}</b>
            <span className={styles.sessionPhase} data-testid="flash-channel-phase">
              {shown.phaseText}
            </span>
          </div>
          {cd ? (
            <Countdown key={`${shown.activityId}-${cd.at}`} label={cd.label} at={cd.at} onReached={onMoment} testId="flash-channel-countdown" />
          ) : (
            <span>本场已结束</span>
          )}
        </div>
        <ul className={styles.list}>
          {shown.goods.map((g) => (
            <FlashChannelGoods
              key={g.skuId}
              g={g}
              reminded={reminded.has(g.skuId)}
              busy={busySku === g.skuId}
              onRemind={(on) => press(g.activityId, g.skuId, on)}
            />
          ))}
        </ul>
      </section>
    </div>
  );
}

import { useState } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { CheckCircleFilled, LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { SignInResult } from '@mall/shared';
import { Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { useFeedback } from '../../../lib/feedback.ts';
import { RequestError } from '../../../lib/request.ts';
import { useSignIn, useSignInCalendar } from '../api/points.ts';
import { WEEKDAYS, monthGrid, monthTitle, shiftMonth, signInHint } from '../lib/calendar.ts';
import styles from './points.module.css';

/** 每日签到: the month's calendar with the signed days, today's button, the streak and what signing gives. */
export function SignInPanel({ thisMonth }: { thisMonth: string }) {
  const { message } = useFeedback();
  const [month, setMonth] = useState(thisMonth);
  const calendar = useSignInCalendar(month, true);
  const sign = useSignIn();
  const [result, setResult] = useState<SignInResult | null>(null);

  async function signToday() {
    try {
      const r = await sign.mutateAsync();
      setResult(r);
      setMonth(r.day.slice(0, 7));
      void message.success(`签到成功，获得 ${r.points + r.bonus} 积分`);
    } catch (e) {
      void message.error(e instanceof RequestError ? e.message : '签到失败，请稍后重试');
    }
  }

  const c = calendar.data;
  const signed = new Map((c?.days ?? []).map((d) => [d.day, d]));
  const isThisMonth = c ? c.today.startsWith(month) : month === thisMonth;
  return (
    <Panel
      title="每日签到"
      extra={c ? <span style={{ color: '#6b6b6b' }} data-testid="points-streak">已连续签到 {c.streak} 天</span> : null}
    >
      {calendar.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : calendar.isError ? (
        <LoadError error={calendar.error} onRetry={() => void calendar.refetch()} />
      ) : c ? (
        <>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 12 }}>
            <Button
              type="primary"
              size="large"
              disabled={c.signedToday}
              loading={sign.isPending}
              onClick={() => void signToday()}
              icon={c.signedToday ? <CheckCircleFilled /> : undefined}
            >
              {c.signedToday ? '今日已签到' : `签到领 ${c.todayPoints} 积分`}
            </Button>
            <span style={{ color: '#6b6b6b', fontSize: 13, minWidth: 0 }} data-testid="points-sign-hint">
              {signInHint(c)}
            </span>
          </div>
          {result ? (
            <Alert
              type="success"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="points-sign-result"
              title={`签到成功，获得 ${result.points + result.bonus} 积分${result.bonus > 0 ? `（含连续签到奖励 ${result.bonus} 积分）` : ''}`}
              description={`已连续签到 ${result.streak} 天，当前积分 ${result.balance}`}
            />
          ) : null}
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 4 }}>
            <Button type="text" size="small" icon={<LeftOutlined />} aria-label="上个月" onClick={() => setMonth((m) => shiftMonth(m, -1))} />
            <strong data-testid="points-calendar-month">{monthTitle(month)}</strong>
            <Button
              type="text"
              size="small"
              icon={<RightOutlined />}
              aria-label="下个月"
              disabled={isThisMonth}
              onClick={() => setMonth((m) => shiftMonth(m, 1))}
            />
          </div>
          <table className={styles.calendar} aria-label={`${monthTitle(month)}签到日历`} style={{ opacity: calendar.isPlaceholderData ? 0.6 : 1 }}>
            <thead>
              <tr>
                {WEEKDAYS.map((w) => (
                  <th key={w} scope="col">
                    {w}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(month).map((week, i) => (
                <tr key={i}>
                  {week.map((day, j) => {
                    if (!day) return <td key={j} />;
                    const s = signed.get(day);
                    const isToday = day === c.today;
                    const label = `${Number(day.slice(8))}日${s ? `，已签到，获得 ${s.points} 积分` : ''}${isToday ? '，今天' : ''}`;
                    return (
                      <td key={j}>
                        <div
                          className={[styles.day, s ? styles.signed : '', isToday ? styles.today : ''].join(' ')}
                          data-day={day}
                          data-signed={s ? 'true' : 'false'}
                          aria-label={label}
                          title={label}
                        >
                          <span>{isToday ? '今' : Number(day.slice(8))}</span>
                          {s ? <span className={styles.tick}>+{s.points}</span> : null}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </Panel>
  );
}

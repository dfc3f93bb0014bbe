import { formatHms, hmsParts, secondsOf, useCountdown } from '../lib/serverClock.ts';
import styles from './Countdown.module.css';

/**
 * A 秒杀 countdown by the server's clock: 距开始 / 距结束 and HH:MM:SS in boxes (with 天 beyond a day).
 * `onReached` runs once when a running countdown reaches 0 (the page asks the server again).
 */
export function Countdown({
  label,
  at,
  onReached,
  tone = 'light',
  testId,
}: {
  label: string;
  at: string;
  onReached?: () => void;
  /** light: white boxes on a red band; dark: dark boxes on a light background. */
  tone?: 'light' | 'dark';
  testId?: string;
}) {
  const seconds = secondsOf(useCountdown(at, onReached));
  const p = hmsParts(seconds);
  return (
    <span className={`${styles.countdown} ${tone === 'dark' ? styles.dark : ''}`} role="timer" aria-label={`${label} ${formatHms(seconds)}`} data-testid={testId}>
      <span className={styles.label} aria-hidden>
        {label}
      </span>
      <span aria-hidden className={styles.digits} data-testid={testId ? `${testId}-digits` : undefined}>
        {p.days > 0 ? <span className={styles.days}>{p.days}天</span> : null}
        <b>{p.h}</b>:<b>{p.m}</b>:<b>{p.s}</b>
      </span>
    </span>
  );
}

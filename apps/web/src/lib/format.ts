import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/zh-cn';

dayjs.extend(utc);
dayjs.extend(timezone);
// Chinese month and weekday names, weeks from Monday (antd's DatePicker reads them too). Set here, where
// dates are first formatted, rather than as the app starts: no first screen shows a date.
dayjs.locale('zh-cn');

/** dayjs with the shop's plugins and locale; screens take it from here. */
export { dayjs };

/** Written once for both apps; a time nobody can read shows blank rather than "Invalid Date". */
export { formatTime } from '@mall/shared';

/** Seconds left until `deadline` (0 once past), ticking every second. */
export function useSecondsLeft(deadline: string | null | undefined): number {
  const left = () => (deadline ? Math.max(0, Math.floor((new Date(deadline).getTime() - Date.now()) / 1000)) : 0);
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (!deadline) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // `left` is rebuilt each render from `deadline`; the timer restarts only when the deadline changes.
  }, [deadline]);
  return seconds;
}

/** 1805 → 30分05秒; 3725 → 1小时02分05秒. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}小时${pad(m)}分${pad(s)}秒` : `${pad(m)}分${pad(s)}秒`;
}

import { Tag } from 'antd';
import type { ActivityPhase, ActivityStatus, ConsoleActivity } from '@mall/shared';
import { formatTime } from '../../../lib/format.ts';

/** Solid tag colours dark enough for white text (≥ 4.5:1). */
const STATUS_COLOR: Record<ActivityStatus, string | undefined> = {
  DRAFT: undefined,
  SCHEDULED: '#0958d9',
  ENDED: undefined,
  CANCELLED: undefined,
};
const PHASE_COLOR: Record<ActivityPhase, string> = {
  UPCOMING: '#ad4e00',
  RUNNING: '#237804',
  SOLD_OUT: '#a8071a',
  ENDED: '#595959',
};

export const StatusTag = ({ a }: { a: ConsoleActivity }) => <Tag color={STATUS_COLOR[a.status]}>{a.statusText}</Tag>;
/** What buyers see now; a draft is not shown to them at all. */
export const PhaseTag = ({ a }: { a: ConsoleActivity }) =>
  a.status === 'DRAFT' ? (
    <span style={{ color: '#595959', fontSize: 12 }}>未排期，不展示</span>
  ) : (
    <Tag color={PHASE_COLOR[a.phase]}>{a.phaseText}</Tag>
  );
export const KindTag = ({ a }: { a: ConsoleActivity }) => (
  <Tag color={a.kind === 'FLASH_SALE' ? '#c41d7f' : '#531dab'}>{a.kindText}</Tag>
);

/** `2026-11-26 10:00 至 12:00` (the same day) or both dates, Beijing time. */
export function windowText(a: Pick<ConsoleActivity, 'startsAt' | 'endsAt'>): string {
  const s = formatTime(a.startsAt, 'YYYY-MM-DD HH:mm');
  const e = formatTime(a.endsAt, 'YYYY-MM-DD HH:mm');
  return s.slice(0, 10) === e.slice(0, 10) ? `${s} 至 ${e.slice(11)}` : `${s} 至 ${e}`;
}

/** A 秒杀's figures over its SKUs: units sold, left to sell, given back. */
export function flashFigures(a: ConsoleActivity) {
  return a.skus.reduce(
    (t, s) => ({ sold: t.sold + s.sold, left: t.left + s.stock, returned: t.returned + s.returned }),
    { sold: 0, left: 0, returned: 0 },
  );
}

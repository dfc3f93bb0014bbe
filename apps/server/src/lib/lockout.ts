import { Code } from '@mall/shared';
import { AppError } from './errors.ts';

/**
 * The password lockout of the conventions, for members and operators alike: the fifth failure
 * within 15 minutes locks the account for 15 minutes from it.
 */
export const LOCK_FAILURES = 5;
const LOCK_MS = 15 * 60_000;

/** Milliseconds the account stays locked, given its recent failures (newest first); 0 when open. */
export function lockTimeLeft(failuresNewestFirst: Date[], now = Date.now()): number {
  if (failuresNewestFirst.length < LOCK_FAILURES) return 0;
  const newest = failuresNewestFirst[0]!.getTime();
  const fifth = failuresNewestFirst[LOCK_FAILURES - 1]!.getTime();
  if (newest - fifth > LOCK_MS) return 0;
  return Math.max(0, newest + LOCK_MS - now);
}

export function lockedError(leftMs: number): AppError {
  return new AppError(
    Code.ACCOUNT_LOCKED,
    `密码错误次数过多，账号已锁定，请 ${Math.max(1, Math.ceil(leftMs / 60_000))} 分钟后再试`,
  );
}

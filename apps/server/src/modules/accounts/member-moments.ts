import type { DbOrTx } from '../../lib/db.ts';

/**
 * The moments of a member's account that other domains react to, published by the accounts module
 * inside the transaction that made them, to the subscribers flows/ registers at start-up (as an
 * order's moments are). A subscriber that throws undoes the moment with it.
 */
export interface MemberSubscriber {
  /** Named in logs and in docs/architecture.md's list of subscribers. */
  name: string;
  /** Registration completed (username and password set): once per member. */
  registered?(tx: DbOrTx, e: { memberId: string }): Promise<void>;
  /**
   * The member's sessions ended (all, or all but the one asking): the password changed or was reset,
   * 下线其他设备, or the account was disabled. Whatever else the member signed in to ends too.
   */
  sessionsEnded?(tx: DbOrTx, e: { memberId: string }): Promise<void>;
}

let subscribers: readonly MemberSubscriber[] = [];

export function setMemberSubscribers(list: readonly MemberSubscriber[]) {
  subscribers = [...list];
}

export async function publishRegistered(tx: DbOrTx, memberId: string) {
  for (const s of subscribers) await s.registered?.(tx, { memberId });
}

export async function publishSessionsEnded(tx: DbOrTx, memberId: string) {
  for (const s of subscribers) await s.sessionsEnded?.(tx, { memberId });
}

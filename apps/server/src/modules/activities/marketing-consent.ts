import type { DbOrTx } from '../../lib/db.ts';

/**
 * 提醒我 is a marketing message, and whether a member consents to those is the member module's to say.
 * That module depends (through orders and the cart) on this one, so it cannot be imported here: start-up
 * connects its answer once (flows/subscriptions.ts), as it connects the moments' subscribers.
 */
export type MarketingWithdrawn = (db: DbOrTx, memberIds: string[]) => Promise<Set<string>>;

// Until connected (a unit test of this module alone), everyone consents: the default of the consent rules.
let withdrawnAmong: MarketingWithdrawn = async () => new Set();

export function setMarketingConsentCheck(check: MarketingWithdrawn) {
  withdrawnAmong = check;
}

/** Of these members, those who withdrew consent to marketing messages. */
export const marketingWithdrawn: MarketingWithdrawn = (db, memberIds) => withdrawnAmong(db, memberIds);

export async function mayReceiveMarketing(db: DbOrTx, memberId: string): Promise<boolean> {
  return !(await withdrawnAmong(db, [memberId])).has(memberId);
}

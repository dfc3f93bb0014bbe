import type { MemberSubscriber } from '../../modules/accounts/index.ts';
import { endStoreConsoleSessions } from '../../modules/operators/index.ts';

/** A store owner's sessions ended: the store's console sessions end in the same transaction. */
export const storeConsoleSessionsSubscriber: MemberSubscriber = {
  name: 'store-console-sessions',
  sessionsEnded: async (tx, { memberId }) => {
    await endStoreConsoleSessions(tx, memberId);
  },
};

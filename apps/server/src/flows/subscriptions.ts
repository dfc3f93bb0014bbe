import { setOrderSubscribers } from '../modules/orders/orders.service.ts';
import { setMemberSubscribers } from '../modules/accounts/index.ts';
import { setCatalogSubscribers } from '../modules/catalog/catalog.service.ts';
import { setMarketingConsentCheck } from '../modules/activities/index.ts';
import { marketingWithdrawn } from '../modules/member/index.ts';
import { ORDER_SUBSCRIBERS } from './order-subscribers.ts';
import { newMemberGiftSubscriber } from './subscribers/new-member-gift.ts';
import { storeConsoleSessionsSubscriber } from './subscribers/store-console-sessions.ts';
import { browsingHistorySubscriber, visitorsSubscriber } from './subscribers/goods-views.ts';
import { searchTermsSubscriber } from './subscribers/search-terms.ts';

/**
 * Who hears which module's moments: the order's (flows/order-subscribers.ts), a member's
 * registration and ended sessions, the catalogue's page views and writes. The publishing module imports none of its
 * subscribers; start-up connects them here once, before the first request. Likewise the member module's
 * consent to marketing messages, which 提醒我 (activities) asks before setting or sending a reminder.
 */
export function connectSubscribers() {
  setOrderSubscribers(ORDER_SUBSCRIBERS);
  setMemberSubscribers([newMemberGiftSubscriber, storeConsoleSessionsSubscriber]);
  setCatalogSubscribers([visitorsSubscriber, browsingHistorySubscriber, searchTermsSubscriber]);
  setMarketingConsentCheck(marketingWithdrawn);
}

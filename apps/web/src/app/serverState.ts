import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { goodsKeys } from '../features/goods/api/goodsKeys.ts';

/** The script element in which a page rendered by the server brings the answers it was rendered from. */
export const SERVER_STATE_ID = 'server-state';

export interface ServerState {
  queries: DehydratedState;
}

/** Whether the page came rendered by the server (entry-server.tsx): the browser then takes it over. */
export function renderedOnServer(): boolean {
  return document.getElementById(SERVER_STATE_ID) !== null;
}

/** Puts the answers the server's page was rendered from in the cache, so that the browser renders the same. */
export function takeServerState(client: QueryClient) {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return;
  const state = JSON.parse(element.textContent) as ServerState;
  hydrate(client, state.queries);
  // The goods page asks for its goods again once taken over: that ask is the buyer's visit (工作台's
  // conversion) and, signed in, their 足迹; the server's render asked as no one in particular.
  void client.invalidateQueries({ queryKey: goodsKeys.details, refetchType: 'none' });
}

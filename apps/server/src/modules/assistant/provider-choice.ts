import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import type { AssistantProvider } from './provider.ts';
import { offlineProvider } from './offline-provider.ts';
import { createOpenAIProvider } from './providers/openai.ts';

/**
 * The provider of this server, chosen once by ASSISTANT_PROVIDER (default offline). Tests may put a
 * scripted provider in its place for one server (keyed by its database, one per test server).
 */
const chosen = new WeakMap<Db, AssistantProvider>();

export function assistantProvider(ctx: AppContext): AssistantProvider {
  let provider = chosen.get(ctx.db);
  if (!provider) {
    provider = makeProvider(ctx);
    chosen.set(ctx.db, provider);
  }
  return provider;
}

function makeProvider(ctx: AppContext): AssistantProvider {
  return ctx.config.ASSISTANT_PROVIDER === 'openai' ? createOpenAIProvider(ctx.config) : offlineProvider(ctx);
}

/** For tests: answer with this provider on the server of this context. */
export function useProviderForTests(ctx: AppContext, provider: AssistantProvider) {
  chosen.set(ctx.db, provider);
}

import type { AppContext } from '../../lib/context.ts';
import { OFFLINE_LABEL, type AssistantProvider } from './provider.ts';

/** The default provider, needing nothing outside the machine (its understanding arrives separately). */
export function offlineProvider(_ctx: AppContext): AssistantProvider {
  return {
    name: 'offline',
    label: OFFLINE_LABEL,
    async respond(_turn, io) {
      io.emit({ type: 'delta', data: { text: '助手正在升级中，暂时只能回答很少的问题。' } });
    },
  };
}

import type { AppContext } from '../../lib/context.ts';
import { catalogueWords } from '../catalog/catalog.service.ts';
import { composeAnswer } from './answers/compose.ts';
import { understand } from './offline/understand.ts';
import { isDecline } from './offline/types.ts';
import { OFFLINE_LABEL, type AssistantProvider } from './provider.ts';

/**
 * The default provider, needing nothing outside the machine: the question is understood by
 * `understand` (intent and slots over the shop's own words), one tool answers it, and the answer is
 * templated Chinese filled from that tool's result, so it is deterministic and every figure is the
 * shop's. What it cannot do (open-ended advice, anything but shopping) it says plainly.
 */
export function offlineProvider(ctx: AppContext): AssistantProvider {
  return {
    name: 'offline',
    label: OFFLINE_LABEL,
    async respond(turn, io) {
      const say = (text: string) => io.emit({ type: 'delta', data: { text } });
      const understood = understand(
        turn.question,
        {
          ...(turn.context?.goodsId !== undefined ? { goodsId: turn.context.goodsId } : {}),
          ...(turn.context?.keyword ? { keyword: turn.context.keyword } : {}),
          ...(turn.shownGoodsIds?.length ? { lastGoodsIds: turn.shownGoodsIds } : {}),
          ...(turn.lastSearch ? { lastSearch: turn.lastSearch } : {}),
        },
        await catalogueWords(ctx),
      );
      if (isDecline(understood)) {
        say(understood.reply);
        return;
      }
      const result = await io.callTool(understood.tool, understood.args);
      if (io.signal.aborted) return;
      const answer = composeAnswer(understood, result);
      say(answer.lead);
      for (const card of result.cards) io.emit({ type: 'card', data: card });
      // Markdown: list items one line apart, anything else its own paragraph
      let inList = false;
      for (const line of answer.rest) {
        const item = /^(\d+\.|-) /.test(line);
        say(`${item && inList ? '\n' : '\n\n'}${line}`);
        inList = item;
      }
    },
  };
}

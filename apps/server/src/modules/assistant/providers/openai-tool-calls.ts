/**
 * Assembles the tool calls of one streamed reply from their deltas, as the vendors really send them:
 * - with `index` (OpenAI, DeepSeek, Qwen, Moonshot, Zhipu): a delta continues the call at its index;
 * - without `index` (Ollama, some llama.cpp builds, Gemini's and several proxies' endpoints): a delta
 *   with an id not seen yet starts a call, a delta with a known id continues it, and a delta with
 *   neither continues the call being streamed;
 * - a blank id ("") counts as no id; the name may come once or be repeated; arguments come as string
 *   pieces (or, from some local servers, as one JSON object).
 */

export interface ToolCallDelta {
  index?: number | null;
  id?: string | null;
  function?: { name?: string | null; arguments?: unknown } | null;
}

export interface AssembledCall {
  id: string;
  name: string;
  arguments: string;
}

interface Slot extends AssembledCall {
  index?: number;
}

export class ToolCallAssembler {
  private readonly slots: Slot[] = [];

  add(delta: ToolCallDelta): void {
    const slot = this.slotFor(delta);
    const name = delta.function?.name;
    if (typeof name === 'string' && name.trim() && !slot.name) slot.name = name.trim();
    const args = delta.function?.arguments;
    if (typeof args === 'string') slot.arguments += args;
    else if (args && typeof args === 'object') slot.arguments += JSON.stringify(args);
  }

  /** The calls in the order they started; a call with no name is dropped (nothing to run). */
  calls(): AssembledCall[] {
    return this.slots
      .filter((s) => s.name)
      .map((s, i) => ({ id: s.id || `call_${i + 1}`, name: s.name, arguments: s.arguments }));
  }

  private slotFor(delta: ToolCallDelta): Slot {
    const id = typeof delta.id === 'string' && delta.id.trim() ? delta.id.trim() : undefined;
    const index = typeof delta.index === 'number' ? delta.index : undefined;
    if (id) {
      const known = this.slots.find((s) => s.id === id);
      if (known) return known;
      // A new id at an index whose call has no id yet names that call (the id came late).
      const atIndex = index === undefined ? undefined : this.latestAt(index);
      if (atIndex && !atIndex.id) {
        atIndex.id = id;
        return atIndex;
      }
      return this.open({ id, index });
    }
    if (index !== undefined) return this.latestAt(index) ?? this.open({ index });
    // No id, no index: a delta that names a tool while the current call is named and has arguments
    // (or names another tool) starts another call; anything else continues the current one.
    const current = this.slots.at(-1);
    const name = typeof delta.function?.name === 'string' ? delta.function.name.trim() : '';
    const startsAnother = name && current?.name && (current.arguments.trim() || name !== current.name);
    if (!current || startsAnother) return this.open({});
    return current;
  }

  private latestAt(index: number): Slot | undefined {
    for (let i = this.slots.length - 1; i >= 0; i--) if (this.slots[i]!.index === index) return this.slots[i];
    return undefined;
  }

  private open(from: { id?: string; index?: number }): Slot {
    const slot: Slot = { id: from.id ?? '', name: '', arguments: '', index: from.index };
    this.slots.push(slot);
    return slot;
  }
}

/** Parses a call's arguments: an empty string is `{}`; anything but a JSON object is refused. */
export function parseArguments(raw: string): { ok: true; args: Record<string, unknown> } | { ok: false } {
  if (!raw.trim()) return { ok: true, args: {} };
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && !Array.isArray(value))
      return { ok: true, args: value as Record<string, unknown> };
  } catch {
    // refused below
  }
  return { ok: false };
}

import type { ChatEvent } from '../types.ts';

/** One server-sent event: its `event:` name ("message" when none) and its `data:` lines joined by \n. */
export interface SseFrame {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body chunk by chunk, as fetch hands it over. The bytes go through one
 * TextDecoder in stream mode, so a Chinese character whose bytes arrive in two chunks is decoded once
 * both are in (never shown as �); lines and frames are cut only when complete, so a frame split across
 * chunks comes out whole. Field rules as the HTML standard's: \n, \r\n or \r end a line, a blank line
 * ends a frame, a line starting with ":" is a comment, one space after the colon is dropped.
 */
export function createSseReader() {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let hasData = false;

  function dispatch(frames: SseFrame[]) {
    if (hasData) frames.push({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
    hasData = false;
  }

  function line(text: string, frames: SseFrame[]) {
    if (text === '') return dispatch(frames);
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
    // id and retry mean nothing to a one-off POST stream.
  }

  /** Every complete line of the buffer; a \r at its very end waits: its \n may be in the next chunk. */
  function drain(final: boolean): SseFrame[] {
    const frames: SseFrame[] = [];
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      if (c === '\r' && i === buffer.length - 1 && !final) break;
      line(buffer.slice(start, i), frames);
      if (c === '\r' && buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    if (final) {
      if (buffer) line(buffer, frames);
      buffer = '';
      // A last frame whose closing blank line never came (the connection ended) still counts.
      dispatch(frames);
    }
    return frames;
  }

  return {
    /** The frames completed by this chunk of the body. */
    push(chunk: Uint8Array): SseFrame[] {
      buffer += decoder.decode(chunk, { stream: true });
      return drain(false);
    },
    /** The body has ended: whatever is left. */
    end(): SseFrame[] {
      buffer += decoder.decode();
      return drain(true);
    },
  };
}

const EVENT_TYPES = new Set(['start', 'tool', 'delta', 'card', 'done', 'error']);

/** A frame as one of the assistant's events; an unknown type or unreadable data is skipped (null). */
export function toChatEvent(frame: SseFrame): ChatEvent | null {
  if (!EVENT_TYPES.has(frame.event)) return null;
  try {
    const data: unknown = JSON.parse(frame.data);
    if (!data || typeof data !== 'object') return null;
    return { type: frame.event, data } as ChatEvent;
  } catch {
    return null;
  }
}

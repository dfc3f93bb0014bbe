import { describe, expect, it } from 'vitest';
import { createSseReader, toChatEvent, type SseFrame } from './sse.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** Cuts `text`'s UTF-8 bytes at the given offsets and feeds each piece in turn. */
function readInPieces(text: string, cuts: number[]): { frames: SseFrame[]; perChunk: SseFrame[][] } {
  const all = bytes(text);
  const reader = createSseReader();
  const perChunk: SseFrame[][] = [];
  let from = 0;
  for (const cut of [...cuts, all.length]) {
    perChunk.push(reader.push(all.slice(from, cut)));
    from = cut;
  }
  perChunk.push(reader.end());
  return { frames: perChunk.flat(), perChunk };
}

const delta = (text: string) => `event: delta\ndata: ${JSON.stringify({ text })}\n\n`;
// 手 is three bytes (E6 89 8B): offsets inside it split the character.
const hand = delta('手机');
const handAt = bytes(hand).indexOf(0xe6);

describe('createSseReader', () => {
  it.each([
    { name: 'one frame in one chunk', text: delta('你好'), cuts: [], frames: [{ event: 'delta', data: '{"text":"你好"}' }] },
    { name: 'a character split after its first byte', text: hand, cuts: [handAt + 1], frames: [{ event: 'delta', data: '{"text":"手机"}' }] },
    { name: 'a character split after its second byte', text: hand, cuts: [handAt + 2], frames: [{ event: 'delta', data: '{"text":"手机"}' }] },
    { name: 'every byte its own chunk', text: hand, cuts: [...bytes(hand).keys()].slice(1), frames: [{ event: 'delta', data: '{"text":"手机"}' }] },
    {
      name: 'a frame split between its event and data lines',
      text: delta('一') + delta('二'),
      cuts: [13],
      frames: [
        { event: 'delta', data: '{"text":"一"}' },
        { event: 'delta', data: '{"text":"二"}' },
      ],
    },
    {
      name: 'the blank line that ends a frame in the next chunk',
      text: delta('一'),
      cuts: [bytes(delta('一')).length - 1],
      frames: [{ event: 'delta', data: '{"text":"一"}' }],
    },
    {
      name: 'CRLF line ends, split between \\r and \\n',
      text: 'event: done\r\ndata: {"status":"done"}\r\n\r\n',
      cuts: [12],
      frames: [{ event: 'done', data: '{"status":"done"}' }],
    },
    { name: 'bare \\r line ends', text: 'event: tool\rdata: {}\r\r', cuts: [], frames: [{ event: 'tool', data: '{}' }] },
    {
      name: 'comments skipped, several data lines joined, no space after the colon',
      text: ': keep-alive\n\nevent:card\ndata:{"a":\ndata: 1}\n\n',
      cuts: [5],
      frames: [{ event: 'card', data: '{"a":\n1}' }],
    },
    { name: 'a frame with no event name is a message', text: 'data: x\n\n', cuts: [], frames: [{ event: 'message', data: 'x' }] },
    { name: 'an event with no data is not a frame', text: 'event: delta\n\n', cuts: [], frames: [] },
    { name: 'a last frame without its blank line, ended by the body', text: 'event: done\ndata: {}', cuts: [3], frames: [{ event: 'done', data: '{}' }] },
  ])('$name', ({ text, cuts, frames }) => {
    expect(readInPieces(text, cuts).frames).toEqual(frames);
  });

  it('never hands out half a character: the first piece of a split 手 gives no frame and no �', () => {
    const { perChunk } = readInPieces(hand, [handAt + 1]);
    expect(perChunk[0]).toEqual([]);
    expect(JSON.stringify(perChunk)).not.toContain('\uFFFD');
  });

  it('gives a frame as soon as its blank line is in, before the body ends', () => {
    const { perChunk } = readInPieces(delta('一') + 'event: delta\ndata: {"te', [bytes(delta('一')).length + 5]);
    expect(perChunk[0]).toEqual([{ event: 'delta', data: '{"text":"一"}' }]);
  });
});

describe('toChatEvent', () => {
  it.each([
    { frame: { event: 'delta', data: '{"text":"好"}' }, event: { type: 'delta', data: { text: '好' } } },
    { frame: { event: 'card', data: '{"kind":"points","balance":12}' }, event: { type: 'card', data: { kind: 'points', balance: 12 } } },
    { frame: { event: 'ping', data: '{}' }, event: null },
    { frame: { event: 'delta', data: 'not json' }, event: null },
    { frame: { event: 'delta', data: '"a string"' }, event: null },
  ])('$frame.event $frame.data', ({ frame, event }) => {
    expect(toChatEvent(frame)).toEqual(event);
  });
});

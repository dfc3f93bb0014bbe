import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './openai-request.ts';
import { ThinkFilter } from './openai-think.ts';
import { parseArguments, ToolCallAssembler } from './openai-tool-calls.ts';

describe('ToolCallAssembler', () => {
  const assemble = (...deltas: Parameters<ToolCallAssembler['add']>[0][]) => {
    const a = new ToolCallAssembler();
    for (const d of deltas) a.add(d);
    return a.calls();
  };

  it('follows index when the vendor sends it', () => {
    expect(
      assemble(
        { index: 0, id: 'a', function: { name: 'search_goods', arguments: '{"k"' } },
        { index: 1, id: 'b', function: { name: 'my_orders', arguments: '{}' } },
        { index: 0, function: { arguments: ':1}' } },
      ),
    ).toEqual([
      { id: 'a', name: 'search_goods', arguments: '{"k":1}' },
      { id: 'b', name: 'my_orders', arguments: '{}' },
    ]);
  });

  it('tells apart calls that all say index 0 by their ids', () => {
    const calls = assemble(
      { index: 0, id: 'a', function: { name: 'x', arguments: '{}' } },
      { index: 0, id: 'b', function: { name: 'y', arguments: '{"q"' } },
      { index: 0, function: { arguments: ':2}' } },
    );
    expect(calls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['a', 'x', '{}'],
      ['b', 'y', '{"q":2}'],
    ]);
  });

  it('treats a blank id and a repeated name as continuations, and an object as arguments', () => {
    expect(
      assemble(
        { id: 'a', function: { name: 'x', arguments: '' } },
        { id: '', function: { name: 'x', arguments: '{"a":' } },
        { id: 'a', function: { arguments: '1}' } },
        { function: { name: 'y', arguments: { b: 2 } } },
      ),
    ).toEqual([
      { id: 'a', name: 'x', arguments: '{"a":1}' },
      { id: 'call_2', name: 'y', arguments: '{"b":2}' },
    ]);
  });

  it('starts a new call on another tool’s name even when the first call had no arguments', () => {
    expect(
      assemble(
        { function: { name: 'points_balance', arguments: '' } },
        { function: { name: 'my_orders', arguments: '{"limit":1}' } },
      ).map((c) => [c.name, c.arguments]),
    ).toEqual([
      ['points_balance', ''],
      ['my_orders', '{"limit":1}'],
    ]);
  });

  it('takes an id that comes after the first delta of its index', () => {
    expect(
      assemble({ index: 0, function: { name: 'x' } }, { index: 0, id: 'late', function: { arguments: '{}' } }),
    ).toEqual([{ id: 'late', name: 'x', arguments: '{}' }]);
  });
});

describe('parseArguments', () => {
  it('reads an object, an empty string as {}, and refuses the rest', () => {
    expect(parseArguments('{"a":1}')).toEqual({ ok: true, args: { a: 1 } });
    expect(parseArguments('  ')).toEqual({ ok: true, args: {} });
    expect(parseArguments('{"a":')).toEqual({ ok: false });
    expect(parseArguments('[1]')).toEqual({ ok: false });
    expect(parseArguments('null')).toEqual({ ok: false });
  });
});

describe('retryAfterMs', () => {
  it('reads milliseconds, seconds and an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('250', '9', now)).toBe(250);
    expect(retryAfterMs(null, '2', now)).toBe(2000);
    expect(retryAfterMs(null, 'Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(null, 'soon', now)).toBeNull();
    expect(retryAfterMs(null, null, now)).toBeNull();
  });
});

describe('ThinkFilter', () => {
  it('drops <think> blocks, even cut across pieces, and keeps a lone <', () => {
    const f = new ThinkFilter();
    const out = ['<th', 'ink>想', '法</thi', 'nk>答', '案 a<b'].map((p) => f.push(p)).join('') + f.flush();
    expect(out).toBe('答案 a<b');
  });
});

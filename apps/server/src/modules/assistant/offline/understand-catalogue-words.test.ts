import { describe, expect, it } from 'vitest';
import { addDictionaryWords } from '../../../lib/tokenize.ts';
import { DEMO_DICTIONARY_WORDS, IN_SCOPE, OUT_OF_SCOPE, report, score } from './question-set.fixtures.ts';

/**
 * The running shop teaches the tokenizer its brands, categories and product nouns (降噪耳机 becomes
 * one word). The question set must hold as well after that as before it; its own file, because the
 * words stay learnt for the rest of the process.
 */
describe('the question set with the catalogue’s words learnt', () => {
  addDictionaryWords(DEMO_DICTIONARY_WORDS);

  it('keeps the targets', () => {
    const inScope = score(IN_SCOPE);
    const outOfScope = score(OUT_OF_SCOPE);
    report('in scope, catalogue words learnt', inScope);
    report('out of scope, catalogue words learnt', outOfScope);
    expect(inScope.right / inScope.total).toBeGreaterThanOrEqual(0.95);
    expect(outOfScope.right / outOfScope.total).toBeGreaterThanOrEqual(0.95);
  });
});

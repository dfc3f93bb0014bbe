import { buildTaxonomy, dictionaryWords } from '../../../seed/catalog/generator.ts';
import { QUESTIONS, type AssistantQuestion } from './questions.ts';
import { isDecline, type ShopVocabulary, type Understanding } from './types.ts';
import { understand } from './understand.ts';

/** The demo catalogue as the offline provider sees it: brand names and every level of the category tree. */
const taxonomy = buildTaxonomy();
export const DEMO_VOCABULARY: ShopVocabulary = {
  brands: taxonomy.brands.map((b) => b.name),
  categories: taxonomy.categories.map((c) => c.name),
};
/** The words the running shop teaches the tokenizer (brands, categories, product nouns). */
export const DEMO_DICTIONARY_WORDS = dictionaryWords(taxonomy);

export const OUT_OF_SCOPE = QUESTIONS.filter((q) => 'decline' in q.expect && q.expect.decline === 'outOfScope');
export const IN_SCOPE = QUESTIONS.filter((q) => !OUT_OF_SCOPE.includes(q));

export const answered = (q: AssistantQuestion) => understand(q.question, q.context ?? {}, DEMO_VOCABULARY);

const sorted = (args: object) => Object.fromEntries(Object.entries(args).sort(([a], [b]) => a.localeCompare(b)));

/** Right tool and exactly the expected arguments, or the expected kind of refusal. */
export function matches(q: AssistantQuestion, got: Understanding): boolean {
  if ('decline' in q.expect) return isDecline(got) && got.decline === q.expect.decline;
  return (
    !isDecline(got) &&
    got.tool === q.expect.tool &&
    JSON.stringify(sorted(got.args)) === JSON.stringify(sorted(q.expect.args))
  );
}

export interface Score {
  total: number;
  right: number;
  misses: { q: AssistantQuestion; got: Understanding }[];
}

export function score(set: AssistantQuestion[]): Score {
  const misses = set.map((q) => ({ q, got: answered(q) })).filter(({ q, got }) => !matches(q, got));
  return { total: set.length, right: set.length - misses.length, misses };
}

/** Prints the figure and every miss, so a failing run says what to look at. */
export function report(title: string, result: Score) {
  const lines = result.misses.map(
    ({ q, got }) =>
      `  ✗ ${q.question}\n      expected ${JSON.stringify(q.expect)}\n      got      ${JSON.stringify(got)}`,
  );
  const percent = ((100 * result.right) / result.total).toFixed(1);
  console.log(`${title}: ${result.right}/${result.total} (${percent} %)\n${lines.join('\n')}`);
}

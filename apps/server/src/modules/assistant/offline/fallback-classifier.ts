import { normalise } from '../../../lib/tokenize.ts';
import { INTENT_EXAMPLES, type FallbackIntent } from './intent-examples.ts';

/**
 * A tiny naive Bayes classifier over characters and character pairs, trained once at module load
 * from the shop's own example questions (intent-examples.ts): no downloaded weights, deterministic.
 * It is the last resort of understand(): asked only when the patterns read nothing, and trusted only
 * when it is clearly surer of a tool than of "nothing to do".
 */

const MARGIN = 2.5;

function features(text: string): string[] {
  const chars = Array.from(normalise(text).replace(/[^\p{Script=Han}a-z0-9]/gu, ''));
  const out = [...chars];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

interface Model {
  intents: FallbackIntent[];
  logPrior: Map<FallbackIntent, number>;
  counts: Map<FallbackIntent, Map<string, number>>;
  totals: Map<FallbackIntent, number>;
  vocabularySize: number;
}

function train(): Model {
  const intents = Object.keys(INTENT_EXAMPLES) as FallbackIntent[];
  const all = intents.reduce((n, i) => n + INTENT_EXAMPLES[i].length, 0);
  const vocabulary = new Set<string>();
  const counts = new Map<FallbackIntent, Map<string, number>>();
  const totals = new Map<FallbackIntent, number>();
  const logPrior = new Map<FallbackIntent, number>();
  for (const intent of intents) {
    const c = new Map<string, number>();
    let total = 0;
    for (const example of INTENT_EXAMPLES[intent]) {
      for (const f of features(example)) {
        c.set(f, (c.get(f) ?? 0) + 1);
        vocabulary.add(f);
        total++;
      }
    }
    counts.set(intent, c);
    totals.set(intent, total);
    logPrior.set(intent, Math.log(INTENT_EXAMPLES[intent].length / all));
  }
  return { intents, logPrior, counts, totals, vocabularySize: vocabulary.size };
}

const model = train();

/** Log-likelihood score of each intent for a question (higher is likelier). */
export function intentScores(question: string): Map<FallbackIntent, number> {
  const fs = features(question);
  const scores = new Map<FallbackIntent, number>();
  for (const intent of model.intents) {
    const c = model.counts.get(intent)!;
    const denominator = model.totals.get(intent)! + model.vocabularySize;
    let score = model.logPrior.get(intent)!;
    for (const f of fs) score += Math.log(((c.get(f) ?? 0) + 1) / denominator);
    scores.set(intent, score);
  }
  return scores;
}

/** The tool the examples suggest for a question the patterns could not read, or null. */
export function guessIntent(question: string): Exclude<FallbackIntent, 'none'> | null {
  const scores = intentScores(question);
  const ranked = [...scores].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (!best || best[0] === 'none' || !second) return null;
  const none = scores.get('none')!;
  if (best[1] - none < MARGIN || best[1] - second[1] < MARGIN / 2) return null;
  // a shared character proves little (订一张去北京的机票 is no points question): ask for a shared pair
  const pairs = model.counts.get(best[0])!;
  return features(question).some((f) => f.length === 2 && pairs.has(f)) ? best[0] : null;
}

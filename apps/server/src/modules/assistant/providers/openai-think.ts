/**
 * Local servers (llama.cpp, Ollama) running a thinking model may put the reasoning inside the answer as
 * `<think>…</think>` instead of `reasoning_content`. This filter lets only the answer through, also
 * when a tag is cut across two deltas.
 */
export class ThinkFilter {
  private inside = false;
  private held = '';

  push(piece: string): string {
    let input = this.held + piece;
    this.held = '';
    let out = '';
    while (input) {
      const tag = this.inside ? '</think>' : '<think>';
      const at = input.indexOf(tag);
      if (at >= 0) {
        if (!this.inside) out += input.slice(0, at);
        input = input.slice(at + tag.length);
        this.inside = !this.inside;
        continue;
      }
      const keep = partialTagAtEnd(input, tag);
      if (!this.inside) out += input.slice(0, input.length - keep);
      this.held = input.slice(input.length - keep);
      break;
    }
    return out;
  }

  /** What was held back at the end of the stream (a lone "<" that was not a tag after all). */
  flush(): string {
    const rest = this.inside ? '' : this.held;
    this.held = '';
    return rest;
  }
}

function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(tag.slice(0, n))) return n;
  }
  return 0;
}

import type { ReactNode } from 'react';

/**
 * The server sends highlighted names as HTML-escaped text with `<em>` around the matched words.
 * They become React nodes here (never innerHTML): only `<em>`/`</em>` are markup, every other
 * character, entity-decoded, is plain text, so nothing the server echoes can run in the page.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? '');
}

export interface HighlightPart {
  text: string;
  hit: boolean;
}

export function parseHighlight(html: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let hit = false;
  for (const piece of html.split(/(<\/?em>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<em>') hit = true;
    else if (tag === '</em>') hit = false;
    else if (piece) {
      const text = decodeEntities(piece);
      const last = parts[parts.length - 1];
      if (last && last.hit === hit) last.text += text;
      else parts.push({ text, hit });
    }
  }
  return parts;
}

/** The plain text of a highlighted name (for titles and alt texts). */
export function highlightText(html: string): string {
  return parseHighlight(html)
    .map((p) => p.text)
    .join('');
}

export function Highlight({ html, className }: { html: string; className?: string }): ReactNode {
  return parseHighlight(html).map((p, i) =>
    p.hit ? (
      <em key={i} className={className} data-testid="hl">
        {p.text}
      </em>
    ) : (
      <span key={i}>{p.text}</span>
    ),
  );
}

import { useEffect, useId, useState } from 'react';
import { Button } from 'antd';
import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts';
import { searchHref } from '../../../lib/catalogLinks.ts';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHotKeys } from '../../../lib/hotKeys.ts';
import { useSimilarWords } from '../api/getSimilarWords.ts';
import styles from './search.module.css';

const SUGGEST_DELAY_MS = 250;

/** The typed text in the theme colour where a suggestion starts with it (pinyin matches show plainly). */
function SuggestionLabel({ word, typed }: { word: string; typed: string }) {
  const t = typed.trim();
  if (t && word.toLowerCase().startsWith(t.toLowerCase())) {
    return (
      <span>
        <b className={styles.typed}>{word.slice(0, t.length)}</b>
        {word.slice(t.length)}
      </span>
    );
  }
  return <span>{word}</span>;
}

/**
 * The header's search box: hot words under it, completions (pinyin and initials included) while
 * typing, Enter or the button searches. On /goodsList it shows the keyword being viewed.
 * The completions are an ARIA combobox of its own (↑ ↓ to move, Enter to choose, Esc to close):
 * the header is on every first screen, and antd's AutoComplete would bring its Select along (and its
 * Input, the form's context with its validator: the box is a plain input).
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/goodsList' ? (params.get('keyword') ?? '') : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebouncedValue(text, SUGGEST_DELAY_MS);
  const hot = useHotKeys().data ?? [];
  const suggestions = useSimilarWords(open ? typed : '').data ?? [];
  const listId = useId();

  useEffect(() => setText(current), [current]);

  const words = typed.trim() ? suggestions : [];
  const expanded = open && words.length > 0;

  const go = (raw: string) => {
    const word = raw.trim() || hot[0] || '';
    if (!word) return;
    setText(word);
    setOpen(false);
    void navigate(searchHref(word));
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!expanded) return setOpen(true);
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // Positions -1 (the typed text) to n - 1, round and round.
      setActive((i) => ((i + 1 + step + words.length + 1) % (words.length + 1)) - 1);
    } else if (e.key === 'Enter') {
      go(expanded && active >= 0 && active < words.length ? words[active]! : e.currentTarget.value);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <div className={styles.input}>
          <label className={styles.field}>
            <SearchOutlined className={styles.icon} aria-hidden />
            <input
              value={text}
              placeholder={hot[0] ? `${hot[0]}` : '搜索商品、品牌、分类'}
              aria-label="搜索商品"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 && active < words.length ? `${listId}-${active}` : undefined}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={100}
              className={styles.text}
              onChange={(e) => {
                setText(e.target.value);
                setActive(-1);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onKeyDown}
            />
            {text ? (
              <button
                type="button"
                className={styles.clear}
                aria-label="清除"
                // Keeps the focus in the box.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setText('');
                  setActive(-1);
                }}
              >
                <CloseCircleFilled />
              </button>
            ) : null}
          </label>
          <ul id={listId} role="listbox" aria-label="搜索建议" className={styles.popup} hidden={!expanded}>
            {words.map((w, i) => (
              <li
                key={w}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? styles.optionActive : styles.option}
                // Keeps the focus in the box, so that the list does not close before the click.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => go(w)}
              >
                <SuggestionLabel word={w} typed={typed} />
              </li>
            ))}
          </ul>
        </div>
        <Button type="primary" className={styles.button} onClick={() => go(text)}>
          搜索
        </Button>
      </div>
      {hot.length > 0 ? (
        <div className={styles.hot} data-testid="hot-words">
          {hot.slice(0, 8).map((w, i) => (
            <Link key={w} to={searchHref(w)} className={i === 0 ? styles.hotFirst : undefined}>
              {w}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { AutoComplete, Button, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useDebounce } from 'ahooks';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useHotKeys } from '../api/getHotKeys.ts';
import { useSimilarWords } from '../api/getSimilarWords.ts';
import styles from './search.module.css';

const SUGGEST_DELAY_MS = 250;

export const searchHref = (keyword: string) => `/goodsList?keyword=${encodeURIComponent(keyword)}`;

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
 */
export function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const current = location.pathname === '/goodsList' ? (params.get('keyword') ?? '') : '';
  const [text, setText] = useState(current);
  const [open, setOpen] = useState(false);
  const typed = useDebounce(text, { wait: SUGGEST_DELAY_MS });
  const hot = useHotKeys().data ?? [];
  const suggestions = useSimilarWords(open ? typed : '').data ?? [];
  // Enter on a highlighted option fires both select and search: only the first one counts.
  const lastGo = useRef({ word: '', at: 0 });

  useEffect(() => setText(current), [current]);

  const go = (raw: string) => {
    const word = raw.trim() || hot[0] || '';
    if (!word) return;
    const now = Date.now();
    if (lastGo.current.word === word && now - lastGo.current.at < 400) return;
    lastGo.current = { word, at: now };
    setText(word);
    setOpen(false);
    void navigate(searchHref(word));
  };

  const options = typed.trim()
    ? suggestions.map((w) => ({ value: w, label: <SuggestionLabel word={w} typed={typed} /> }))
    : [];

  return (
    <div className={styles.box}>
      <div className={styles.row}>
        <AutoComplete
          className={styles.input}
          value={text}
          options={options}
          open={open && options.length > 0}
          onChange={(v: string) => {
            setText(v);
            setOpen(true);
          }}
          onSelect={(v: string) => go(v)}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
          popupMatchSelectWidth
          classNames={{ popup: { root: styles.popup } }}
        >
          <Input
            placeholder={hot[0] ? `${hot[0]}` : '搜索商品、品牌、分类'}
            aria-label="搜索商品"
            allowClear
            onPressEnter={(e) => {
              // With an option highlighted the select handles Enter.
              if (!(open && options.length > 0 && document.querySelector('.ant-select-item-option-active'))) go(e.currentTarget.value);
            }}
            prefix={<SearchOutlined style={{ color: '#bbb' }} />}
          />
        </AutoComplete>
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

import { useState, type CSSProperties } from 'react';
import { Select } from 'antd';

export interface SearchOption<V extends string | number> {
  value: V;
  label: string;
}

interface Common<V extends string | number> {
  /** The words typed last (the picker asks the server with them). */
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  /** What the server found for the keyword (empty before anything is typed). */
  found: SearchOption<V>[];
  searching: boolean;
  /** Why the last search failed, said where the list would be. */
  failure?: string | null;
  /** Names of chosen values no search has shown yet (those of a record being edited). */
  known?: SearchOption<V>[];
  /** Said before anything is typed (输入名称后搜索商品), and when the words found nothing. */
  hint: string;
  nothingFound: string;
  /** Something else is under way after a pick (its details loading): the select shows it. */
  busy?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label': string;
  /** Set by a Form.Item so that its label names this field. */
  id?: string;
}

// onChange's second argument: the chosen options with their names (a form field takes just the first).
type Single<V extends string | number> = {
  mode?: undefined;
  value?: V | null;
  onChange?: (value: V, option: SearchOption<V>) => void;
};
type Multiple<V extends string | number> = {
  mode: 'multiple';
  value?: V[];
  onChange?: (values: V[], options: SearchOption<V>[]) => void;
  maxCount?: number;
};

export type SearchSelectProps<V extends string | number> = Common<V> & (Single<V> | Multiple<V>);

/** What a picker built on SearchSelect takes from its screen: the value and the look; the search is its own. */
export type PickerProps<V extends string | number> = Pick<
  Common<V>,
  'busy' | 'placeholder' | 'style' | 'aria-label' | 'id'
> &
  (Single<V> | Multiple<V>);

/**
 * A select that searches on the server as the operator types (the list is the server's answer, not
 * filtered here) and keeps the names of what was chosen while later searches show other things.
 */
export function SearchSelect<V extends string | number>(props: SearchSelectProps<V>) {
  const {
    keyword,
    onKeywordChange,
    found,
    searching,
    failure,
    known = [],
    hint,
    nothingFound,
    busy,
    ...select
  } = props;
  const [remembered, setRemembered] = useState<SearchOption<V>[]>([]);
  const chosen = props.value == null ? [] : Array.isArray(props.value) ? props.value : [props.value];

  // The chosen ones first, with their names, then the search's answer (without repeating them).
  const kept = new Map<V, SearchOption<V>>();
  for (const o of [...known, ...remembered]) if (chosen.includes(o.value)) kept.set(o.value, o);
  for (const o of found) kept.delete(o.value);
  const options = [...kept.values(), ...found];

  const labelled = (values: V[]) => {
    const byValue = new Map([...known, ...remembered, ...found].map((o) => [o.value, o]));
    return values.map((v) => byValue.get(v) ?? { value: v, label: String(v) });
  };

  return (
    <Select<V | V[] | null, SearchOption<V>>
      {...select}
      value={props.value ?? (props.mode === 'multiple' ? [] : null)}
      onChange={(next) => {
        const picked = labelled(next == null ? [] : Array.isArray(next) ? next : [next]);
        setRemembered(picked);
        if (props.mode === 'multiple')
          props.onChange?.(
            picked.map((o) => o.value),
            picked,
          );
        else if (picked[0]) props.onChange?.(picked[0].value, picked[0]);
      }}
      showSearch={{ filterOption: false, onSearch: onKeywordChange }}
      loading={searching || busy}
      notFoundContent={searching ? '搜索中…' : (failure ?? (keyword.trim() ? nothingFound : hint))}
      options={options}
    />
  );
}

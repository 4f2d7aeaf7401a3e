import { type FormEvent, useEffect, useId, useRef } from "react";
import "./list-search-form.css";

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

export interface ListSearch<V extends string> {
  q: string;
  filter: V;
}

interface ListSearchFormProps<V extends string> {
  /** What the list holds, for the search landmark's name: "Users", "Orders". */
  name: string;
  /** The search box's label, saying what it searches. */
  searchLabel: string;
  filterLabel: string;
  /** The filter's query parameter and its choices; the first is taken for a value it does not know. */
  filterName: string;
  options: FilterOption<V>[];
  search: ListSearch<V>;
  onSearch: (search: ListSearch<V>) => void;
  maxLength?: number;
}

/**
 * An admin list's search box and its one filter, as every admin list has them: a new filter value
 * applies at once, the words when they are sent, and the box follows the address when the back
 * button brings an earlier search back.
 */
export function ListSearchForm<V extends string>({ name, searchLabel, filterLabel, filterName, options, search, onSearch, maxLength = 100 }: ListSearchFormProps<V>) {
  const words = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    if (words.current) words.current.value = search.q;
  }, [search.q]);

  const searchOf = (form: HTMLFormElement): ListSearch<V> => {
    const data = new FormData(form);
    const filter = options.find((option) => option.value === data.get(filterName))?.value ?? options[0]!.value;
    return { q: String(data.get("q") ?? "").trim(), filter };
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(searchOf(event.currentTarget));
  };

  return (
    <form role="search" aria-label={name} className="list-search" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-q`}>{searchLabel}</label>
        <div className="list-search-row">
          <input ref={words} id={`${id}-q`} name="q" type="search" defaultValue={search.q} autoComplete="off" maxLength={maxLength} />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-${filterName}`}>{filterLabel}</label>
        <select
          id={`${id}-${filterName}`}
          name={filterName}
          value={search.filter}
          onChange={(event) => event.currentTarget.form && onSearch(searchOf(event.currentTarget.form))}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

import { useSearchParams } from "react-router-dom";
import { chosenOption, type FilterOption, SearchForm, SelectFilter } from "./search-form";

export { type FilterOption, filterOptions } from "./search-form";

/** An admin list's search: words, and one filter whose first choice is the default. */
export type ListSearch<K extends string, V extends string> = { q: string } & Record<K, V>;

/** How an admin list's search is asked for: its filter's query parameter and choices, and the words of the form. */
export interface ListSearchSpec<K extends string, V extends string> {
  /** What the list holds, for the search landmark's name: "Users", "Orders". */
  name: string;
  /** The search box's label, saying what it searches. */
  searchLabel: string;
  /** The one filter: its query parameter, its label and its choices. */
  filter: { name: K; label: string; options: readonly FilterOption<V>[] };
}

/**
 * The search in the page's address, so a reload, a link or the back button keeps it. A filter
 * value it does not know is the default, and the default is left out of the address.
 */
export function useListSearch<K extends string, V extends string>({ filter: { name: filterName, options } }: ListSearchSpec<K, V>) {
  const [params, setParams] = useSearchParams();
  const search = { q: params.get("q")?.trim() ?? "", [filterName]: chosenOption(options, params.get(filterName)) } as ListSearch<K, V>;
  const setSearch = (next: ListSearch<K, V>) => {
    const query = new URLSearchParams();
    if (next.q) query.set("q", next.q);
    if (next[filterName] !== options[0]!.value) query.set(filterName, next[filterName]);
    setParams(query);
  };
  return [search, setSearch] as const;
}

interface ListSearchFormProps<K extends string, V extends string> {
  spec: ListSearchSpec<K, V>;
  search: ListSearch<K, V>;
  onSearch: (search: ListSearch<K, V>) => void;
}

/** An admin list's search box and its one filter, as every admin list has them. */
export function ListSearchForm<K extends string, V extends string>({ spec, search, onSearch }: ListSearchFormProps<K, V>) {
  const { name, searchLabel, filter } = spec;
  return (
    <SearchForm
      name={name}
      className="list-search"
      searchLabel={searchLabel}
      maxLength={100}
      search={search}
      read={(data) => ({ [filter.name]: chosenOption(filter.options, data.get(filter.name)) }) as Omit<ListSearch<K, V>, "q">}
      onSearch={onSearch}
    >
      {(field) => <SelectFilter field={field} {...filter} value={search[filter.name]} />}
    </SearchForm>
  );
}

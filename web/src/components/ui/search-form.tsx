import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import "./search-form.css";

export interface FilterOption<V extends string> {
  value: V;
  label: string;
}

/**
 * A filter's choices from the label of each value, in the order written; the first is the default.
 * The values come from where the choices are used, so a value left without a label does not compile.
 */
export const filterOptions = <V extends string>(labels: Record<NoInfer<V>, string>): FilterOption<V>[] =>
  Object.entries<string>(labels).map(([value, label]) => ({ value: value as V, label }));

/** What a filter of the form is given: how to name its control, and how to apply a new value at once. */
export interface FilterField {
  idOf: (name: string) => string;
  apply: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

interface SearchFormProps<S extends { q: string }> {
  /** The search shown; the box follows its words. */
  search: S;
  /** The filters' values in the form; the words are read by the form itself. */
  read: (data: FormData) => Omit<S, "q">;
  /** A new search, from its first page. */
  onSearch: (search: S) => void;
  /** The search landmark's name, where the page names it: "Users", "Tools". */
  name?: string;
  className: string;
  /** The search box's label, saying what it searches. */
  searchLabel: string;
  /** The start of the controls' ids; a generated one if left out. */
  id?: string;
  maxLength?: number;
  /** Where the form goes without JavaScript: a GET form whose fields are the page's own query parameters. */
  action?: string;
  children: (field: FilterField) => ReactNode;
}

/**
 * A list's search: the box with its Search button, then the list's filters. A new filter value
 * applies at once, together with the words in the box; the words apply when the search is sent.
 */
export function SearchForm<S extends { q: string }>({ search, read, onSearch, name, className, searchLabel, id, maxLength, action, children }: SearchFormProps<S>) {
  const words = useRef<HTMLInputElement>(null);
  const generatedId = useId();
  const idOf = (control: string) => `${id ?? generatedId}-${control}`;

  // The box follows the address when the back button brings an earlier search back.
  useEffect(() => {
    if (words.current) words.current.value = search.q;
  }, [search.q]);

  const searchOf = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return { q: String(data.get("q") ?? "").trim(), ...read(data) } as S;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(searchOf(event.currentTarget));
  };
  const apply = ({ currentTarget: { form } }: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (form) onSearch(searchOf(form));
  };

  return (
    <form role="search" aria-label={name} className={className} method={action && "get"} action={action} onSubmit={submit}>
      <div className="field">
        <label htmlFor={idOf("q")}>{searchLabel}</label>
        <div className="search-form-row">
          <input ref={words} id={idOf("q")} name="q" type="search" defaultValue={search.q} autoComplete="off" maxLength={maxLength} />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
      {children({ idOf, apply })}
    </form>
  );
}

/**
 * What a filter shows: the person's choice at once, then the search's value whenever that changes
 * (a new page of results, the back button). A search is applied in a transition that keeps the
 * page as it was until the new results are in; the control must not spring back meanwhile.
 */
function useShownChoice<T>(value: T): [T, (choice: T) => void] {
  const [choice, setChoice] = useState(value);
  const [shownFor, setShownFor] = useState(value);
  if (shownFor !== value) {
    setShownFor(value);
    setChoice(value);
  }
  return [choice, setChoice];
}

interface SelectFilterProps<V extends string> {
  field: FilterField;
  name: string;
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
}

/** A filter with a few choices, as a labelled select. */
export function SelectFilter<V extends string>({ field, name, label, options, value }: SelectFilterProps<V>) {
  const [shown, setShown] = useShownChoice(value);
  return (
    <div className="field">
      <label htmlFor={field.idOf(name)}>{label}</label>
      <select
        id={field.idOf(name)}
        name={name}
        value={shown}
        onChange={(event) => {
          setShown(event.currentTarget.value as V);
          field.apply(event);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The option of `options` the form holds under `name`; the first one for a value it does not know. */
export const chosenOption = <V extends string>(options: readonly FilterOption<V>[], value: unknown): V =>
  options.find((option) => option.value === value)?.value ?? options[0]!.value;

interface CheckboxFilterProps {
  field: FilterField;
  name: string;
  label: string;
  checked: boolean;
}

/** A filter that is on or off; the form holds "true" under its name while it is on. */
export function CheckboxFilter({ field, name, label, checked }: CheckboxFilterProps) {
  const [shown, setShown] = useShownChoice(checked);
  return (
    <label className="choice search-form-check">
      <input
        type="checkbox"
        name={name}
        value="true"
        checked={shown}
        onChange={(event) => {
          setShown(event.currentTarget.checked);
          field.apply(event);
        }}
      />
      {label}
    </label>
  );
}

import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CheckboxFilter, SearchForm, SelectFilter } from "./search-form";

interface ThingsSearch {
  q: string;
  kind: "all" | "big";
  cheap: boolean;
}

const KINDS = [
  { value: "all", label: "All kinds" },
  { value: "big", label: "Big ones" },
] as const;

const read = (data: FormData) => ({ kind: data.get("kind") === "big" ? ("big" as const) : ("all" as const), cheap: data.get("cheap") === "true" });

function renderForm(search: ThingsSearch = { q: "", kind: "all", cheap: false }) {
  const onSearch = vi.fn();
  render(
    <SearchForm name="Things" className="list-search" searchLabel="Search things" search={search} read={read} onSearch={onSearch}>
      {(field) => (
        <>
          <SelectFilter field={field} name="kind" label="Kind" options={KINDS} value={search.kind} />
          <CheckboxFilter field={field} name="cheap" label="Cheap only" checked={search.cheap} />
        </>
      )}
    </SearchForm>,
  );
  return onSearch;
}

describe("SearchForm", () => {
  it("when words are sent, then the search holds them trimmed, with the filters as they stand", async () => {
    const onSearch = renderForm();
    expect(screen.getByRole("search", { name: "Things" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Search things"), "  drill {Enter}");
    expect(onSearch).toHaveBeenCalledWith({ q: "drill", kind: "all", cheap: false });
  });

  it("when a filter changes, then the search applies at once, with the words in the box and the other filters as chosen", async () => {
    const onSearch = renderForm({ q: "saw", kind: "all", cheap: false });
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "big");
    expect(onSearch).toHaveBeenLastCalledWith({ q: "saw", kind: "big", cheap: false });
    await userEvent.click(screen.getByRole("checkbox", { name: "Cheap only" }));
    expect(onSearch).toHaveBeenLastCalledWith({ q: "saw", kind: "big", cheap: true });
  });

  it("when a filter is chosen and the new results are still loading, then the control shows the choice, not the search before", async () => {
    // The search passed in stays as it was, as it does while the page waits for the new results.
    renderForm({ q: "", kind: "all", cheap: false });
    await userEvent.click(screen.getByRole("checkbox", { name: "Cheap only" }));
    expect(screen.getByRole("checkbox", { name: "Cheap only" })).toBeChecked();
    await userEvent.selectOptions(screen.getByLabelText("Kind"), "big");
    expect(screen.getByLabelText("Kind")).toHaveValue("big");
  });

  it("when the search changes from outside (the back button), then the controls follow it", () => {
    const onSearch = vi.fn();
    const form = (search: ThingsSearch) => (
      <SearchForm name="Things" className="list-search" searchLabel="Search things" search={search} read={read} onSearch={onSearch}>
        {(field) => (
          <>
            <SelectFilter field={field} name="kind" label="Kind" options={KINDS} value={search.kind} />
            <CheckboxFilter field={field} name="cheap" label="Cheap only" checked={search.cheap} />
          </>
        )}
      </SearchForm>
    );
    const { rerender } = render(form({ q: "", kind: "big", cheap: true }));
    rerender(form({ q: "", kind: "all", cheap: false }));
    expect(screen.getByRole("checkbox", { name: "Cheap only" })).not.toBeChecked();
    expect(screen.getByLabelText("Kind")).toHaveValue("all");
  });
});

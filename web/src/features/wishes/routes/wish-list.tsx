import { useState } from "react";
import { toast } from "react-toastify";
import type { WishGroup } from "@api/wishes/wishes.schemas";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { filterOptions, ListSearchForm, type ListSearchSpec, useListSearch } from "@/components/ui/list-search-form";
import { LoadMore } from "@/components/ui/load-more";
import { QueryState } from "@/components/ui/query-state";
import { errorMessage } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useWishGroups, type WishesSearch } from "../api/get-wish-groups";
import { useResolveWishes } from "../api/resolve-wishes";
import { type WishAnswer, WishGroupCard } from "../components/wish-group-card";
import "../components/wishes.css";

const WISHES_SEARCH: ListSearchSpec<"status", WishesSearch["status"]> = {
  name: "Wishes",
  searchLabel: "Search by tool, wisher's name or email",
  filter: { name: "status", label: "Status", options: filterOptions({ open: "Open", done: "Done", declined: "Declined" }) },
};

/** The groups of every page loaded; a group that moved between two pages' loads is shown once. */
function groupsIn(pages: { groups: WishGroup[] }[] = []): WishGroup[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.groups).filter((group) => !seen.has(group.key) && Boolean(seen.add(group.key)));
}

const wishesOf = (count: number) => (count === 1 ? "1 wish" : `${count} wishes`);

const QUESTIONS: Record<WishAnswer, { title: (name: string) => string; message: (count: number) => string; done: (name: string) => string }> = {
  done: {
    title: (name) => `Mark the wishes for ${name} done?`,
    message: (count) => `${wishesOf(count)} will be marked done. Nobody is e-mailed.`,
    done: (name) => `Marked done: ${name}`,
  },
  declined: {
    title: (name) => `Decline the wishes for ${name}?`,
    message: (count) => `${wishesOf(count)} will be declined. Nobody is e-mailed.`,
    done: (name) => `Declined: ${name}`,
  },
};

export function WishListRoute() {
  useDocumentTitle("User Wish");
  const [search, setSearch] = useListSearch(WISHES_SEARCH);
  const groups = useWishGroups(search);
  const resolve = useResolveWishes();
  const [answering, setAnswering] = useState<{ group: WishGroup; answer: WishAnswer } | null>(null);
  const listed = groupsIn(groups.data?.pages);
  const question = answering ? QUESTIONS[answering.answer] : null;

  const answer = () => {
    if (!answering) return;
    const { group, answer } = answering;
    resolve.mutate(
      { wishIds: group.wishes.map((wish) => wish._id), status: answer },
      {
        onSuccess: () => toast.success(QUESTIONS[answer].done(group.name)),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setAnswering(null),
      },
    );
  };

  return (
    <section>
      <h1 id="wish-list-heading">User Wish</h1>
      <ListSearchForm spec={WISHES_SEARCH} search={search} onSearch={setSearch} />
      <QueryState isPending={groups.isPending} error={groups.error} />
      {groups.data && listed.length === 0 && <p>{search.q || search.status !== "open" ? "No wish matches this search." : "No wishes yet."}</p>}
      {listed.length > 0 && (
        <div className="wish-groups">
          {listed.map((group) => (
            <WishGroupCard key={group.key} group={group} onAnswer={(answered, answer) => setAnswering({ group: answered, answer })} />
          ))}
        </div>
      )}
      <LoadMore className="wishes-more" count={listed.length} noun={["tool", "tools"]} list={groups} />
      <ConfirmDialog
        open={answering !== null}
        title={answering && question ? question.title(answering.group.name) : ""}
        message={answering && question ? question.message(answering.group.wishes.length) : undefined}
        busy={resolve.isPending}
        onYes={answer}
        onNo={() => setAnswering(null)}
      />
    </section>
  );
}

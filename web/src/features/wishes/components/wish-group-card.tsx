import { Link } from "react-router-dom";
import type { WishGroup } from "@api/wishes/wishes.schemas";
import { Table } from "@/components/ui/table";
import { paths } from "@/config/paths";
import { formatDate, formatDollars } from "@/lib/format";
import { addProductFor } from "../lib/add-product-link";

export type WishAnswer = "done" | "declined";

interface WishGroupCardProps {
  group: WishGroup;
  onAnswer: (group: WishGroup, answer: WishAnswer) => void;
}

const countOf = (count: number) => (count === 1 ? "1 wish" : `${count} wishes`);

/** One tool wished for: how many asked, what they would pay, when, and who; and the admin's answers. */
export function WishGroupCard({ group, onAnswer }: WishGroupCardProps) {
  const headingId = `wish-group-${group.wishes[0]?._id ?? group.key}`;
  const status = group.wishes[0]?.status ?? "open";
  const toolId = group.wishes.find((wish) => wish.toolId !== null)?.toolId ?? null;
  const unlisted = group.count - group.wishes.length;

  return (
    <article className="wish-group" aria-labelledby={headingId}>
      <div className="wish-group-header">
        <h2 id={headingId} className="wish-group-title">
          {group.name}
        </h2>
        <dl className="wish-group-facts">
          <div>
            <dt>Wishes</dt>
            <dd>{group.count}</dd>
          </div>
          <div>
            <dt>Median price</dt>
            <dd>{formatDollars(group.medianPrice)}</dd>
          </div>
          <div>
            <dt>Latest wish</dt>
            <dd>
              <time dateTime={group.latestAt}>{formatDate(group.latestAt)}</time>
            </dd>
          </div>
        </dl>
        <div className="wish-group-actions">
          {/* A declined wish stays declined: the API refuses a tool for it, as it refuses marking it done. */}
          {status === "open" && (
            <Link className="btn btn-primary btn-small" to={addProductFor(group)} aria-describedby={headingId}>
              Add as tool
            </Link>
          )}
          {status === "open" && (
            <>
              <button type="button" className="btn btn-outline btn-small" aria-describedby={headingId} onClick={() => onAnswer(group, "done")}>
                Mark done
              </button>
              <button type="button" className="btn btn-danger btn-small" aria-describedby={headingId} onClick={() => onAnswer(group, "declined")}>
                Decline
              </button>
            </>
          )}
          {toolId && (
            <Link className="btn btn-outline btn-small" to={paths.tool.href(toolId)}>
              See the tool
            </Link>
          )}
        </div>
      </div>
      {unlisted > 0 && (
        <p className="wish-group-note">
          The newest {group.wishes.length} of {countOf(group.count)} are listed; Add as tool and the answers apply to them.
        </p>
      )}
      <Table label={`Wishes for ${group.name}`} columns={["User Name", "Tools Name", "Approximate Price", "Details", "Email", "Wished on"]}>
        {group.wishes.map((wish) => (
          <tr key={wish._id}>
            <td data-label="User Name">{wish.userName}</td>
            <td data-label="Tools Name">{wish.name}</td>
            <td data-label="Approximate Price">{formatDollars(wish.price)}</td>
            <td data-label="Details">{wish.details}</td>
            <td data-label="Email">{wish.userEmail ?? "Account removed"}</td>
            <td data-label="Wished on">
              <time dateTime={wish.createdAt}>{formatDate(wish.createdAt)}</time>
            </td>
          </tr>
        ))}
      </Table>
    </article>
  );
}

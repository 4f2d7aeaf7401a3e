import type { Database, Queryable } from "../../db/client.js";
import type { WishRow } from "../../db/schema.js";
import type { Principal } from "../../lib/auth.js";
import { conflict, notFound } from "../../lib/errors.js";
import { canonicalId } from "../../lib/ids.js";
import { toCents, toDollars } from "../../lib/money.js";
import { pageCursors } from "../../lib/page-cursor.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import { wishKey } from "./wish-key.js";
import { wishMail } from "./wish-mail.js";
import * as repository from "./wishes.repository.js";
import {
  type AddWishBody,
  type FulfilWishesBody,
  type GroupedWish,
  type ResolveWishesBody,
  type Wish,
  WISH_BATCH_MAX,
  type WishesAnswered,
  type WishGroup,
  type WishGroupsPage,
  type WishGroupsQuery,
} from "./wishes.schemas.js";

const toWish = (row: WishRow): Wish => ({
  _id: row.id,
  name: row.name,
  price: toDollars(row.priceCents),
  details: row.details,
  userName: row.userName,
  createdAt: row.createdAt.toISOString(),
});

const toGroupedWish = (row: repository.GroupedWishRow): GroupedWish => ({
  ...toWish(row),
  userEmail: row.userEmail,
  status: row.status,
  toolId: row.toolId,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

const toGroup = (row: repository.WishGroupRow): WishGroup => ({
  key: row.key,
  name: row.wishes[0]!.name,
  count: row.count,
  medianPrice: toDollars(Math.round(row.medianCents)),
  latestAt: row.latestAt.toISOString(),
  wishes: row.wishes.map(toGroupedWish),
});

const groupPages = pageCursors("admin-wishes");

/** The wishes named, each once; an id that cannot name a wish is not found. */
function wishIdsOf(ids: string[]): string[] {
  const canonical = ids.map(canonicalId);
  if (canonical.some((id) => id === null)) throw notFound("Wish");
  return [...new Set(canonical as string[])];
}

/** Every wish named, locked; one missing and nothing changes. */
async function lockAll(tx: Queryable, ids: string[]): Promise<WishRow[]> {
  const rows = await repository.lockWishes(tx, ids);
  if (rows.length !== ids.length) throw notFound("Wish");
  return rows;
}

export interface WishesServiceDependencies {
  /** Where the tool added for a wish is looked up. */
  tools: ToolsService;
  audit: AuditService;
  /** Wishers are e-mailed in the transaction that answers their wishes. */
  mail: MailService;
  /** Where the e-mail's links lead. */
  shopUrl: string;
}

export function createWishesService(db: Database, { tools, audit, mail, shopUrl }: WishesServiceDependencies) {
  const messages = wishMail(shopUrl);
  /**
   * `GET /api/wishes`: every wish up to its size; past it, the 422 is kept for half a second
   * (decision 6's bound). Wishes are answered, never deleted, so the list never shrinks back.
   */
  const everyWish = wholeListReader(WHOLE_LISTS.wishes, { maxAgeMs: 500 });

  return {
    /** Every wish, newest first, up to the size of a whole list (lib/whole-list.ts); past it, a 422. */
    list(): Promise<Wish[]> {
      return everyWish.read((limit) => repository.listWishes(db, limit), toWish);
    },

    async add(principal: Principal, { name, price, details }: AddWishBody): Promise<Wish> {
      return toWish(
        await repository.insertWish(db, { userId: principal.id, userName: principal.name, name, priceCents: toCents(price), details }),
      );
    },

    /** The wishes still waiting for an answer, for the admin's overview. */
    countOpen: (): Promise<number> => repository.countOpen(db),

    /** User Wish, a page at a time: wishes for the same tool grouped, the most recently wished first. */
    async listGroups({ q, status, cursor, limit }: WishGroupsQuery): Promise<WishGroupsPage> {
      const search = q ? q.replace(/\s+/g, " ").toLowerCase() : null;
      const view = { status, q: search };
      const afterId = cursor ? groupPages.read(view, cursor) : null;
      const rows = await repository.listGroups(db, {
        ...view,
        nameKey: search ? wishKey(search) : null,
        afterId,
        limit: limit + 1,
        wishesPerGroup: WISH_BATCH_MAX,
      });
      const page = rows.slice(0, limit);
      const next = rows.length > limit ? groupPages.write(view, page.at(-1)!.wishes[0]!.id) : null;
      return { groups: page.map(toGroup), next };
    },

    /**
     * Marks open wishes done or declined, all or none. A wish that already has this answer is left
     * as it is, so answering again changes nothing; one with the other answer is a conflict.
     */
    async resolve(actor: AuditActor, { wishIds, status }: ResolveWishesBody): Promise<WishesAnswered> {
      const ids = wishIdsOf(wishIds);
      return db.transaction(async (tx) => {
        const rows = await lockAll(tx, ids);
        const answered = rows.find((row) => row.status !== "open" && row.status !== status);
        if (answered) throw conflict("wish_answered", `A wish for “${answered.name}” is already ${answered.status}.`);
        const open = rows.filter((row) => row.status === "open");
        if (open.length === 0) return { acknowledged: true, modifiedCount: 0 };
        await repository.markResolved(tx, open.map((row) => row.id), status);
        for (const row of open) {
          await audit.record(tx, { actor, action: "wish.resolved", target: { type: "wish", id: row.id }, details: { status, name: row.name } });
        }
        return { acknowledged: true, modifiedCount: open.length };
      });
    },

    /**
     * The tool added for these wishes: they become done and name it, and each of their buyers is
     * e-mailed a link to it, once. Wishes already answered with this tool are left as they are, so
     * calling again tells nobody twice; one answered with another tool is a conflict, and so is a
     * declined one, as resolve refuses to turn declined into done.
     */
    async fulfil(actor: AuditActor, { wishIds, toolId }: FulfilWishesBody): Promise<WishesAnswered> {
      const ids = wishIdsOf(wishIds);
      const tool = await tools.get(toolId);
      return db.transaction(async (tx) => {
        const rows = await lockAll(tx, ids);
        const declined = rows.find((row) => row.status === "declined");
        if (declined) throw conflict("wish_answered", `A wish for “${declined.name}” is already declined.`);
        const other = rows.find((row) => row.toolId !== null && row.toolId !== tool._id);
        if (other) throw conflict("wish_fulfilled", `A wish for “${other.name}” was already answered with another tool.`);
        const fulfilled = rows.filter((row) => row.toolId === null);
        if (fulfilled.length === 0) return { acknowledged: true, modifiedCount: 0 };
        await repository.markFulfilled(tx, fulfilled.map((row) => row.id), tool._id);
        for (const row of fulfilled) {
          await audit.record(tx, {
            actor,
            action: "wish.resolved",
            target: { type: "wish", id: row.id },
            details: { status: "done", name: row.name, toolId: tool._id, toolName: tool.name },
          });
        }
        // One message per buyer, about the most recent of their wishes it answers.
        const newestByBuyer = new Map<string, WishRow>();
        for (const row of fulfilled) {
          const seen = newestByBuyer.get(row.userId);
          if (!seen || row.createdAt > seen.createdAt) newestByBuyer.set(row.userId, row);
        }
        const emails = await repository.wisherEmails(tx, [...newestByBuyer.keys()]);
        await mail.enqueue(
          tx,
          ...[...newestByBuyer.values()].flatMap((wish) => {
            const to = emails.get(wish.userId);
            return to ? [messages.toolAdded(tool, to, wish)] : [];
          }),
        );
        return { acknowledged: true, modifiedCount: fulfilled.length };
      });
    },
  };
}
export type WishesService = ReturnType<typeof createWishesService>;

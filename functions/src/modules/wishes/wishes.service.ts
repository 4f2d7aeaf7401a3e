import type { Principal } from "../../lib/auth.js";
import type { RunChange, Tx } from "../../lib/change.js";
import { pageCursors } from "../../lib/page-cursor.js";
import { WHOLE_LISTS, wholeListReader } from "../../lib/whole-list.js";
import type { AuditActor, AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import { fulfilWishes } from "./fulfil-wishes.js";
import { resolveWishes } from "./resolve-wishes.js";
import { wishKey } from "./wish-key.js";
import { wishMail } from "./wish-mail.js";
import { newWishOf, toWish, toWishGroup } from "./wish-wire.js";
import {
  type AddWishBody,
  type FulfilWishesBody,
  type ResolveWishesBody,
  type Wish,
  WISH_BATCH_MAX,
  type WishesAnswered,
  type WishGroupsPage,
  type WishGroupsQuery,
} from "./wishes.schemas.js";
import type { WishesStore } from "./wishes.store.js";
import type { WishesContext } from "./wishes-context.js";

/** An account as User Wish knows its wisher: the address it has now, and whether an admin removed it. */
export interface Wisher {
  userId: string;
  email: string;
  removed: boolean;
}

/** Buyers' wishes for tools the shop does not sell, and the admins' answers to them. */
export interface WishesService {
  /** Every wish, newest first, up to the size of a whole list (lib/whole-list.ts); past it, a 422. */
  list(): Promise<Wish[]>;
  /** A buyer wishes for a tool, under their own name. */
  add(principal: Principal, body: AddWishBody): Promise<Wish>;
  /** The wishes still waiting for an answer, for the admin's overview. */
  countOpen(): Promise<number>;
  /** User Wish, a page at a time: wishes for the same tool grouped, the most recently wished first. */
  listGroups(query: WishGroupsQuery): Promise<WishGroupsPage>;
  /** Marks open wishes done or declined, all or none (resolve-wishes.ts). */
  resolve(actor: AuditActor, body: ResolveWishesBody): Promise<WishesAnswered>;
  /** The tool added for these wishes; each of their buyers is e-mailed once (fulfil-wishes.ts). */
  fulfil(actor: AuditActor, body: FulfilWishesBody): Promise<WishesAnswered>;
  /**
   * Takes part in the users module's change to an account (a sign-in that creates it or moves it to
   * another address, a removal): User Wish's copy of the wisher follows in the same transaction
   * (docs/decisions/0023-wishers-read-model.md).
   */
  wisherChanged(tx: Tx, wisher: Wisher): Promise<void>;
}

export interface WishesServiceDependencies {
  store: WishesStore;
  change: RunChange;
  /** Where the tool added for a wish is looked up. */
  tools: ToolsService;
  audit: AuditService;
  /** Wishers are e-mailed in the transaction that answers their wishes. */
  mail: MailService;
  /** Where the e-mail's links lead. */
  shopUrl: string;
}

const groupPages = pageCursors("admin-wishes");

export function createWishesService({ store, change, tools, audit, mail, shopUrl }: WishesServiceDependencies): WishesService {
  const context: WishesContext = { store, change, tools, audit, mail, messages: wishMail(shopUrl) };
  /**
   * `GET /api/wishes`: every wish up to its size; past it, the 422 is kept for half a second
   * (decision 6's bound). Wishes are answered, never deleted, so the list never shrinks back.
   */
  const everyWish = wholeListReader(WHOLE_LISTS.wishes, { maxAgeMs: 500 });

  return {
    list: () => everyWish.read((limit) => store.newestWishes(limit), toWish),

    add: async (principal, body) => toWish(await store.insert(newWishOf(principal, body))),

    countOpen: () => store.countOpen(),

    async listGroups({ q, status, cursor, limit }) {
      const search = q ? q.replace(/\s+/g, " ").toLowerCase() : null;
      const view = { status, q: search };
      const afterId = cursor ? groupPages.read(view, cursor) : null;
      const rows = await store.groupsPage({
        ...view,
        nameKey: search ? wishKey(search) : null,
        afterId,
        limit: limit + 1,
        wishesPerGroup: WISH_BATCH_MAX,
      });
      const page = rows.slice(0, limit);
      const next = rows.length > limit ? groupPages.write(view, page.at(-1)!.wishes[0]!.id) : null;
      return { groups: page.map(toWishGroup), next };
    },

    resolve: (actor, body) => resolveWishes(context, actor, body),

    fulfil: (actor, body) => fulfilWishes(context, actor, body),

    wisherChanged: (tx, wisher) => store.keepWisher(tx, wisher),
  };
}

import type { RunChange } from "../../lib/change.js";
import type { IdentityProvider } from "../../lib/identity.js";
import type { AuditService } from "../audit/audit.service.js";
import type { CartService } from "../cart/cart.service.js";
import type { ReviewsService } from "../reviews/reviews.service.js";
import type { WishesService } from "../wishes/wishes.service.js";
import type { IdentitySync } from "./identity-sync.js";
import type { UsersStore } from "./users.store.js";

/** What the users module's admin changes (make-admin.ts, remove-user.ts) work with. */
export interface UsersContext {
  store: UsersStore;
  /** Runs a change in one transaction, then what must wait for its commit. */
  change: RunChange;
  /** Firebase, asked before a change whether the account's sign-in still exists. */
  identity: Pick<IdentityProvider, "currentEmail">;
  /** Firebase told, once a change commits, of the admin claim it gave or the account it removed. */
  identitySync: Pick<IdentitySync, "afterChange">;
  /** Every admin change to an account is audited in the change's own transaction. */
  audit: Pick<AuditService, "record">;
  /** User Wish keeps its own copy of each wisher's account, changed in the same transaction. */
  wishes: Pick<WishesService, "wisherChanged">;
  /** A removed account's reviews are no longer shown, from the removal's commit on. */
  reviews: Pick<ReviewsService, "authorRemoved">;
  /** A removed account's cart is forgotten in the removal's change. */
  cart: Pick<CartService, "userRemoved">;
  /** `GET /api/users`: a removal makes the list smaller, so a "too large" kept for it must go. */
  everyone: { shrank(): void };
}

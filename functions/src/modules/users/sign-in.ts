import { canonicalAddress } from "../../lib/email-address.js";
import { AppError, conflict, forbidden, unauthorized } from "../../lib/errors.js";
import type { IdentityProvider } from "../../lib/identity.js";
import type { TokenService } from "../../lib/tokens.js";
import type { AccountLinks, LinkOutcome } from "./account-link.js";
import { toUser } from "./user-wire.js";
import type { User } from "./users.schemas.js";

/** What a person is told when the exchange finds no account they may have. */
const REFUSED_LINKS: Record<Exclude<LinkOutcome["kind"], "linked">, () => Error> = {
  removed: () => forbidden("This account has been removed from the shop. Contact the shop if you think this is a mistake."),
  unverified_email: () =>
    conflict(
      "email_not_verified",
      "A shop account already exists for this email address. To use it, confirm that the address is yours: open the " +
        "verification link sent to it, then sign in again, or sign in with Google using this address. " +
        "If that is not possible, contact the shop.",
    ),
  email_taken: () =>
    conflict(
      "email_in_use",
      "Your sign-in email was changed to an address that another shop account uses. Change it back, or contact the shop to merge the accounts.",
    ),
  owner_moved: () =>
    conflict(
      "email_in_use",
      "The shop account for this email address belongs to another sign-in, which now uses a different address. " +
        "Sign in with that account, or contact the shop.",
    ),
};

/**
 * An address the shop will not store or mail: anything but a bare address, which a mail library
 * could read as someone else's (docs/decisions/0019).
 */
const notAnAddress = (whose: "path" | "token") =>
  new AppError(
    400,
    "invalid_email",
    "Bad Request",
    whose === "path"
      ? "The shop accepts only a plain e-mail address, such as name@example.com: no name, comment, list, angle bracket, space or other character around it. Nothing was changed."
      : "The e-mail address of your sign-in account is not a plain address the shop can send mail to (such as name@example.com). Sign up with a plain address. Nothing was changed.",
    [{ path: whose === "path" ? "params/email" : "authorization", message: "Must be a plain e-mail address such as name@example.com" }],
  );

export interface SignInDependencies {
  identity: Pick<IdentityProvider, "verifyIdToken">;
  tokens: Pick<TokenService, "issue">;
  accounts: AccountLinks;
}

/**
 * A person signed in with Firebase exchanges its ID token for the API token, and their shop
 * account is created on their first sign-in (account-link.ts). Both the path's address and the
 * token's must be canonical, and the same: the account, and its mail, get that one spelling.
 */
export async function signIn({ identity, tokens, accounts }: SignInDependencies, email: string, idToken: string | null): Promise<{ token: string; user: User }> {
  const address = canonicalAddress(email);
  if (address === null) throw notAnAddress("path");
  if (!idToken) throw unauthorized("A Firebase ID token is required.");
  const firebaseUser = await identity.verifyIdToken(idToken);
  if (!firebaseUser) throw unauthorized("Your sign-in has expired, or the account is disabled or signed out. Sign in again.");
  const tokenAddress = canonicalAddress(firebaseUser.email);
  if (tokenAddress === null) throw notAnAddress("token");
  if (tokenAddress !== address) throw forbidden("The token belongs to another email.");
  const outcome = await accounts.link({ ...firebaseUser, email: address });
  if (outcome.kind !== "linked") throw REFUSED_LINKS[outcome.kind]();
  const token = await tokens.issue({ userId: outcome.row.id, email: outcome.row.email });
  return { token, user: toUser(outcome.row) };
}

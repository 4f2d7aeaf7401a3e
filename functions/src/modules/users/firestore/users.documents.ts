import type { Stored } from "../../../firestore/stored.js";
import type { Principal } from "../../../lib/auth.js";
import type { UserRecord } from "../users.store.js";
export { claimId, documentId } from "../../../firestore/document-id.js";

export const USERS = "users";
/** One document per address an account holds, so no second account can hold it. */
export const USER_EMAILS = "userEmails";
/** One document per Firebase uid an account belongs to, so no second account can have it. */
export const USER_UIDS = "userUids";

/**
 * `users/{accountId}`: an account, named by the UUID made when it was created. `identitySyncDue` is
 * absent from an account written before the shop kept it, which reads as null.
 */
export type UserDocument = Stored<Omit<UserRecord, "id" | "identitySyncDue">> & Partial<Stored<Pick<UserRecord, "identitySyncDue">>>;

/** `userEmails/{address}` and `userUids/{uid}`: the account that holds the address or the uid. */
export interface ClaimDocument {
  accountId: string;
}

export const toUserRecord = (id: string, data: UserDocument): UserRecord => ({
  id,
  ...data,
  createdAt: data.createdAt.toDate(),
  updatedAt: data.updatedAt.toDate(),
  removedAt: data.removedAt?.toDate() ?? null,
  identitySyncDue: data.identitySyncDue?.toDate() ?? null,
});

export const toPrincipal = (id: string, data: Pick<UserDocument, "email" | "name" | "role">): Principal => ({
  id,
  email: data.email,
  name: data.name,
  role: data.role,
});

/** The one form an account's address is stored and compared in. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

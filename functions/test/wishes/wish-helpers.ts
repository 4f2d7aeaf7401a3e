import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import type { AuditRecord } from "../../src/modules/audit/audit.store.js";
import { insertWishesAt } from "../support/inspect/wishes.js";
import type { SignedInUser, TestApi } from "../support/test-app.js";

/** A word no other test's wishes have, so a search for it finds this test's wishes alone. */
export const tag = () => `zq${randomBytes(4).toString("hex")}`;

export interface GroupedWish {
  _id: string;
  name: string;
  price: number;
  details: string;
  userName: string;
  userEmail: string | null;
  createdAt: string;
  status: string;
  toolId: string | null;
  resolvedAt: string | null;
}
export interface WishGroup {
  key: string;
  name: string;
  count: number;
  medianPrice: number;
  latestAt: string;
  wishes: GroupedWish[];
}
export interface GroupsPage {
  groups: WishGroup[];
  next: string | null;
}

/** A buyer's wish, sent as the home page's form sends it; its id. */
export async function wishFor(api: TestApi, buyer: SignedInUser, name: string, price: number, details = "For the workshop."): Promise<string> {
  const response = await api.request("POST", "/wish", { token: buyer.token, body: { name, price, details, userName: buyer.name } });
  expect(response.status).toBe(201);
  return response.body._id;
}

/** Wishes written straight to the store, at the times given, for tests of order and paging. */
export async function insertWishes(api: TestApi, buyer: SignedInUser, rows: { name: string; priceCents?: number; at: Date }[]): Promise<string[]> {
  return insertWishesAt(
    api,
    rows.map(({ name, priceCents = 1000, at }) => ({ userId: buyer.id, userName: buyer.name, name, priceCents, details: "Inserted.", createdAt: at })),
  );
}

export const groupsOf = (api: TestApi, admin: SignedInUser, query: string) => api.request<GroupsPage>("GET", `/admin/wishes?${query}`, { token: admin.token });

/** Every page of a view, following `next`. */
export async function allGroupPages(api: TestApi, admin: SignedInUser, query: string): Promise<WishGroup[][]> {
  const pages: WishGroup[][] = [];
  let cursor: string | null = null;
  do {
    const response = await groupsOf(api, admin, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(response.status).toBe(200);
    pages.push(response.body.groups);
    cursor = response.body.next;
  } while (cursor);
  return pages;
}

export interface WishState {
  id: string;
  status: string;
  toolId: string | null;
  resolvedAt: Date | null;
}

/** The wishes as the store keeps them, in id order; an id with no wish is left out. */
export async function wishStates(api: TestApi, ids: string[]): Promise<WishState[]> {
  const found = await api.stores.change(({ tx }) => api.stores.wishes.lockWishes(tx, ids));
  return found.map(({ id, status, toolId, resolvedAt }) => ({ id, status, toolId, resolvedAt }));
}

/** The audit log's entries about these wishes, oldest first. */
export async function auditOf(api: TestApi, ids: string[]): Promise<AuditRecord[]> {
  const wanted = new Set(ids);
  const entries: AuditRecord[] = [];
  let before: number | null = null;
  for (;;) {
    const page = await api.stores.audit.newestFirst({ limit: 500, before });
    entries.push(...page.filter((entry) => entry.targetType === "wish" && wanted.has(entry.targetId)));
    if (page.length < 500) break;
    before = page.at(-1)!.id;
  }
  return entries.reverse();
}

import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { wishes } from "../../src/db/schema.js";
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

/** Wishes written straight to the table, at the times given, for tests of order and paging. */
export async function insertWishes(api: TestApi, buyer: SignedInUser, rows: { name: string; priceCents?: number; at: Date }[]): Promise<string[]> {
  const inserted = await api.database.db
    .insert(wishes)
    .values(rows.map(({ name, priceCents = 1000, at }) => ({ userId: buyer.id, userName: buyer.name, name, priceCents, details: "Inserted.", createdAt: at })))
    .returning({ id: wishes.id });
  return inserted.map((row) => row.id);
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
  tool_id: string | null;
  resolved_at: Date | null;
}

export async function wishStates(api: TestApi, ids: string[]): Promise<WishState[]> {
  const result = await api.database.pool.query("select id, status, tool_id, resolved_at from wishes where id = any($1::uuid[]) order by id", [ids]);
  return result.rows as WishState[];
}

export async function auditOf(api: TestApi, ids: string[]): Promise<{ action: string; actor_id: string; target_id: string; details: Record<string, unknown> }[]> {
  const result = await api.database.pool.query("select * from audit_log where target_type = 'wish' and target_id = any($1) order by id", [ids]);
  return result.rows;
}

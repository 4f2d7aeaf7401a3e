import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccountsAt } from "../support/inspect/users.js";
import { expectProblem, expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// Issue 13, point 4: All User pages through the users on the server, newest first, searched and
// filtered there. The contract's GET /api/users (docs/product.md §8.2) answers as it always did.

interface ListedUser {
  _id: string;
  email: string;
  name: string;
  role: "buyer" | "admin";
  createdAt: string;
}
interface UsersPage {
  users: ListedUser[];
  next: string | null;
}

let api: TestApi;
let admin: SignedInUser;

/** Accounts written straight into the store, with the join times a test wants (ties included). */
const addUsers = (rows: { email: string; name: string; role?: "buyer" | "admin"; createdAt: Date; removedAt?: Date }[]) =>
  addAccountsAt(
    api,
    rows.map((row) => ({ firebaseUid: `uid-${randomUUID()}`, role: "buyer" as const, ...row })),
  );

const page = async (query: string): Promise<UsersPage> => {
  const response = await api.request<UsersPage>("GET", `/admin/users${query}`, { token: admin.token });
  expect(response.status).toBe(200);
  return response.body;
};

/** Every page of a query, following `next` to the end. */
async function allPages(query: string): Promise<ListedUser[][]> {
  const pages: ListedUser[][] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? "&" : "";
    const body: UsersPage = await page(`?${query}${cursor ? `${separator}cursor=${encodeURIComponent(cursor)}` : ""}`);
    pages.push(body.users);
    cursor = body.next;
  } while (cursor);
  return pages;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
const SAME_MOMENT = new Date(Date.UTC(2026, 1, 1, 9, 30));

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
  await addUsers([
    { email: "ann.archer@example.com", name: "Ann Archer", createdAt: day(1) },
    { email: "bob@builders.example", name: "Bob Builder", createdAt: day(2) },
    { email: "carla@example.com", name: "Carla ANNESLEY", role: "admin", createdAt: day(3) },
    { email: "dan_d@example.com", name: "Dan Dennis", createdAt: day(4) },
    { email: "erin@example.com", name: "Erin 100% Evans", createdAt: day(5) },
    { email: "gone@example.com", name: "Gone Annie", createdAt: day(6), removedAt: day(7) },
    // Eleven who joined in the same instant: only their ids order them.
    ...Array.from({ length: 11 }, (_, index) => ({ email: `twin${index}@same.example`, name: `Twin ${index}`, createdAt: SAME_MOMENT })),
  ]);
});
afterAll(() => api?.stop());

describe("paging through the users", () => {
  it("when the pages are followed to the end, then every active user is on exactly one, newest first, each with when they joined", async () => {
    const pages = await allPages("limit=4");
    const listed = pages.flat();
    const active = (await api.request<{ _id: string; email: string }[]>("GET", "/users", { token: admin.token })).body;

    expect(listed.map((u) => u._id).sort()).toEqual(active.map((u) => u._id).sort());
    expect(new Set(listed.map((u) => u._id)).size).toBe(listed.length);
    expect(listed.map((u) => u.email)).not.toContain("gone@example.com");
    expect(pages.slice(0, -1).every((p) => p.length === 4)).toBe(true);

    // Newest first: the admin signed up today, then the twins (by id, highest first), then the days.
    const keys = listed.map((u) => [Date.parse(u.createdAt), u._id] as const);
    const sorted = [...keys].sort(([at1, id1], [at2, id2]) => at2 - at1 || (id2 > id1 ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(listed[0]!.email).toBe(admin.email);
    expect(listed.slice(-5).map((u) => u.email)).toEqual(["erin@example.com", "dan_d@example.com", "carla@example.com", "bob@builders.example", "ann.archer@example.com"]);
    expect(listed.find((u) => u.email === "ann.archer@example.com")).toEqual({
      _id: expect.any(String),
      email: "ann.archer@example.com",
      name: "Ann Archer",
      role: "buyer",
      education: "",
      location: "",
      number: "",
      linkIn: "",
      createdAt: day(1).toISOString(),
    });
  });

  it("when the last page is reached, then its next is null; a page of all the users has no next", async () => {
    const everyone = await page("?limit=100");
    expect(everyone.next).toBeNull();
    expect(everyone.users).toHaveLength(17);
    expect((await page("")).users).toHaveLength(17);
  });

  it("when someone joins between two pages, then the next page goes on where the last ended: nobody twice, nobody left out", async () => {
    const first = await page("?limit=3");
    await addUsers([{ email: "late@example.com", name: "Late Comer", createdAt: new Date() }]);
    const rest: ListedUser[] = [];
    let cursor = first.next;
    while (cursor) {
      const next = await page(`?limit=3&cursor=${encodeURIComponent(cursor)}`);
      rest.push(...next.users);
      cursor = next.next;
    }
    const seen = [...first.users, ...rest].map((u) => u.email);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(17);
    expect(seen).not.toContain("late@example.com");
    expect((await page("?limit=1")).users[0]!.email).toBe("late@example.com");
  });

  it("when the user a cursor names has been removed since, then the next page still starts where it was", async () => {
    await addUsers(["first", "second", "third", "fourth"].map((label, index) => ({ email: `${label}@cursor.example`, name: label, createdAt: day(10 + index) })));
    const first = await page("?q=cursor.example&limit=2");
    expect(first.users.map((u) => u.email)).toEqual(["fourth@cursor.example", "third@cursor.example"]);
    const last = first.users.at(-1)!;
    expect((await api.request("DELETE", `/users/${last._id}`, { token: admin.token })).status).toBe(200);
    const after = await page(`?q=cursor.example&limit=3&cursor=${encodeURIComponent(first.next!)}`);
    expect(after.users.map((u) => u.email)).toEqual(["second@cursor.example", "first@cursor.example"]);
    expect(after.next).toBeNull();
  });
});

describe("searching and filtering", () => {
  const activeUsers = async () => (await api.request<ListedUser[]>("GET", "/users", { token: admin.token })).body;
  const emailsOf = async (query: string) => (await allPages(query)).flat().map((u) => u.email);

  it("when a search is given, then it finds users whose email or name contains it anywhere, whatever the case", async () => {
    expect(await emailsOf("q=ANN")).toEqual(["carla@example.com", "ann.archer@example.com"]);
    expect(await emailsOf("q=builders.exam")).toEqual(["bob@builders.example"]);
    expect(await emailsOf("q=%20dennis%20")).toEqual(["dan_d@example.com"]);
    expect(await emailsOf("q=nobody-has-this")).toEqual([]);
  });

  it("when a search holds LIKE's wildcards, then they are taken as typed", async () => {
    expect(await emailsOf("q=100%25")).toEqual(["erin@example.com"]);
    expect(await emailsOf("q=n_d")).toEqual(["dan_d@example.com"]);
    expect(await emailsOf("q=%25")).toEqual(["erin@example.com"]);
    expect(await emailsOf("q=%5C")).toEqual([]);
  });

  it("when a role is given, then only users of that role are listed, with or without a search", async () => {
    const admins = await emailsOf("role=admin&limit=1");
    expect(admins.sort()).toEqual([admin.email, "carla@example.com"].sort());
    expect(await emailsOf("role=buyer&q=ann")).toEqual(["ann.archer@example.com"]);
    const buyers = (await allPages("role=buyer&limit=5")).flat();
    expect(buyers.map((u) => u.email).sort()).toEqual((await activeUsers()).filter((u) => u.role === "buyer").map((u) => u.email).sort());
  });

  it("when a search is blank, then it is no search", async () => {
    expect((await emailsOf("q=%20%20&limit=100")).sort()).toEqual((await activeUsers()).map((u) => u.email).sort());
  });
});

describe("bad requests", () => {
  const badQueries: [string, string][] = [
    ["role=owner", "role"],
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["limit=2.5", "limit"],
    [`q=${"a".repeat(101)}`, "q"],
    ["sort=email", ""],
    ["cursor=", "cursor"],
  ];
  for (const [query, field] of badQueries) {
    it(`when the query is ?${query.slice(0, 40)}, then the answer is a 400 naming what is wrong`, async () => {
      const response = await api.request("GET", `/admin/users?${query}`, { token: admin.token });
      expectValidationProblem(response);
      if (field) expect(response.body.errors.map((e: { path: string }) => e.path).join(" ")).toContain(field);
    });
  }

  const badCursors: [string, string][] = [
    ["not base64url", "not a cursor!"],
    ["base64 of something else", Buffer.from("hello").toString("base64url")],
    ["another version", Buffer.from(`u0.${randomUUID()}`).toString("base64url")],
    ["a cursor with more parts", Buffer.from(`u1.${randomUUID()}.x`).toString("base64url")],
    ["a cursor naming no user", Buffer.from(`u1.${randomUUID()}`).toString("base64url")],
  ];
  for (const [what, cursor] of badCursors) {
    it(`when the cursor is ${what}, then the answer is a 400 invalid_cursor that says to start again`, async () => {
      const response = await api.request("GET", `/admin/users?cursor=${encodeURIComponent(cursor)}`, { token: admin.token });
      expectProblem(response, 400);
      expect(response.body).toMatchObject({ code: "invalid_cursor", errors: [{ path: "querystring/cursor" }] });
      expect(response.body.detail).toMatch(/first page/);
    });
  }
});

describe("the contract's list (docs/product.md §8.2) and the OpenAPI document", () => {
  it("when GET /users is called, then it still answers the plain list of every active user, with the fields it always had", async () => {
    const response = await api.request("GET", "/users", { token: admin.token });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    for (const listed of response.body) {
      expect(Object.keys(listed).sort()).toEqual(["_id", "education", "email", "linkIn", "location", "name", "number", "role"]);
    }
    expect(response.body.map((u: { email: string }) => u.email)).not.toContain("gone@example.com");
  });

  it("when the OpenAPI document is read, then it describes the admins' list, its parameters and its page", async () => {
    const { paths } = (await api.request("GET", "/openapi.json")).body;
    const call = paths["/api/admin/users"].get;
    expect(call.tags).toEqual(["users"]);
    expect(call.description).toMatch(/newest first/);
    expect(call.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["cursor", "limit", "q", "role"]);
    const pageSchema = call.responses["200"].content["application/json"].schema;
    expect(Object.keys(pageSchema.properties).sort()).toEqual(["next", "users"]);
    expect(pageSchema.properties.users.items.required).toContain("createdAt");
  });
});

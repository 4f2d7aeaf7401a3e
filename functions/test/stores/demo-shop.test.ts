import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS, seedDemoShop } from "../../src/stores/demo-shop.js";
import { createTestStores, type TestStores } from "../support/stores.js";

let testStores: TestStores;
beforeAll(async () => {
  testStores = await createTestStores();
});
afterAll(() => testStores?.close());

describe("the demo shop", () => {
  it("when a new shop is seeded, then it has the demo catalogue in its listed order, the accounts, their wishers and the reviews; a second seeding changes nothing", async () => {
    const { stores } = testStores;
    expect(await seedDemoShop(stores)).toBe(true);
    expect(await seedDemoShop(stores)).toBe(false);

    const tools = await stores.tools.listListed(100);
    expect(tools.map((tool) => tool.name)).toEqual([
      "Cordless Drill",
      "Claw Hammer",
      "Adjustable Wrench",
      "Screwdriver Set",
      "Circular Saw",
      "Tape Measure",
      "Spirit Level",
      "Angle Grinder",
      "Socket Set",
      "Pliers Set",
      "Utility Knife",
      "Workbench Vise",
    ]);
    expect(tools[1]).toMatchObject({ unitPriceCents: 1850, minOrderQuantity: 20, stock: 900, img: "/images/tools/claw-hammer.svg" });
    expect((await stores.tools.listMovements(tools[1]!.id, { rows: 10 })).map(({ kind, quantity }) => ({ kind, quantity }))).toEqual([{ kind: "initial", quantity: 900 }]);

    for (const { email, name, role } of DEMO_ACCOUNTS) {
      const account = await stores.users.findActiveByEmail(email);
      expect(account).toMatchObject({ email, name, role });
      expect(await stores.change(({ tx }) => stores.wishes.wisherEmails(tx, [account!.id]))).toEqual(new Map([[account!.id, email]]));
    }
    expect((await stores.reviews.shown(10)).map((review) => review.userName)).toEqual(["Elena García", "Marcus Lee", "Priya Nair"]);
  });
});

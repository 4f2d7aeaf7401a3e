import type { Stores } from "./postgres.js";

/** The demo accounts of the local stack; their Firebase side lives in emulator-data/. */
export const DEMO_ACCOUNTS = [
  { firebaseUid: "demo-admin", email: "admin@toolshop.test", password: "admin123", name: "Ada Admin", role: "admin" },
  { firebaseUid: "demo-buyer", email: "buyer@toolshop.test", password: "buyer123", name: "Bob Buyer", role: "buyer" },
] as const;

const CATALOG = [
  ["Cordless Drill", "cordless-drill", 8999, "18 V brushless drill driver with two batteries and a 13 mm keyless chuck.", 5, 240],
  ["Claw Hammer", "claw-hammer", 1850, "16 oz forged steel hammer with an anti-vibration fibreglass handle.", 20, 900],
  ["Adjustable Wrench", "adjustable-wrench", 1425, "250 mm chrome vanadium wrench opening to 30 mm, laser-etched scale.", 10, 650],
  ["Screwdriver Set", "screwdriver-set", 2499, "Twelve precision screwdrivers, slotted, Phillips and Torx, in a roll case.", 10, 500],
  ["Circular Saw", "circular-saw", 12950, "1,400 W saw with a 185 mm carbide blade and bevel cuts to 56 degrees.", 3, 120],
  ["Tape Measure", "tape-measure", 999, "8 m steel tape with a magnetic hook and a nylon-coated blade.", 25, 1200],
  ["Spirit Level", "spirit-level", 2275, "600 mm aluminium level with three shock-proof vials, accurate to 0.5 mm/m.", 10, 400],
  ["Angle Grinder", "angle-grinder", 7450, "900 W grinder for 115 mm discs with a slim grip and spindle lock.", 4, 180],
  ["Socket Set", "socket-set", 5600, "46-piece 1/4 and 1/2 inch drive socket set with a 72-tooth ratchet.", 5, 300],
  ["Pliers Set", "pliers-set", 3199, "Combination, long-nose and side-cutting pliers with insulated grips.", 8, 350],
  ["Utility Knife", "utility-knife", 799, "Retractable knife with quick blade change and ten spare blades.", 30, 1500],
  ["Workbench Vise", "workbench-vise", 6825, "125 mm cast-iron bench vise with a swivel base and anvil.", 2, 90],
] as const;

const REVIEWS = [
  ["Priya Nair", 5, "The drills arrived in two days and every unit worked out of the box. Ordering by the case is easy."],
  ["Marcus Lee", 4, "Good prices on hand tools for our workshop. The minimum order suits a small team."],
  ["Elena García", 5, "Clear stock numbers and quick shipping. We re-order our socket sets here every quarter."],
] as const;

/**
 * Fills a new shop with the demo catalogue, accounts and reviews, through the stores' ports, so the
 * demo is the same on every store. A shop that has the demo admin's account, removed or not, was
 * seeded before and is left as it is.
 */
export async function seedDemoShop(stores: Stores): Promise<boolean> {
  const [admin] = DEMO_ACCOUNTS;
  const seeded = await stores.change(async ({ tx }) => {
    const { own, holder } = await stores.users.lockAccountsOf(tx, admin.firebaseUid, admin.email);
    if (own || holder) return false;
    for (const [index, [name, slug, unitPriceCents, description, minOrderQuantity, stock]] of CATALOG.entries()) {
      // Distinct listing times keep the catalogue in this order.
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, index));
      await stores.tools.insertTool(tx, { name, img: `/images/tools/${slug}.svg`, unitPriceCents, description, minOrderQuantity, stock, createdAt });
    }
    for (const { firebaseUid, email, name, role } of DEMO_ACCOUNTS) {
      const account = await stores.users.insertAccount(tx, { firebaseUid, email, name, role });
      // User Wish's copy of each account (decision 23), as a sign-in would write it.
      await stores.wishes.keepWisher(tx, { userId: account.id, email: account.email, removed: false });
      // Verified in emulator-data too: the demo buyer's order e-mail reaches the local inbox at once.
      await stores.mail.recordVerified(tx, email);
    }
    return true;
  });
  if (!seeded) return false;
  for (const [index, [userName, rating, review]] of REVIEWS.entries()) {
    await stores.reviews.insert({ userId: null, userName, rating, review, createdAt: new Date(Date.UTC(2026, 0, 2, 0, index)) });
  }
  return true;
}

import type pg from "pg";

import { removeThenVacuum, withClient } from "./own-client.js";

/** The catalogue the catalogue scenarios are measured on (issue 12): 100,000 listed tools. */
export const LARGE_CATALOGUE_SIZE = 100_000;

/** The image every seeded tool has, which no other tool has: how the run finds them to remove them. */
export const SEEDED_IMAGE = "/images/tools/bench-catalogue.svg";

// 104 kinds of tool, 3 of them hammers: "hamer" finds about 3% of the catalogue, as a common word does.
const KINDS = [
  "Claw Hammer", "Ball Peen Hammer", "Sledge Hammer", "Adjustable Wrench", "Torque Wrench", "Pipe Wrench", "Combination Spanner",
  "Socket Set", "Ratchet Handle", "Hex Key Set", "Screwdriver Set", "Precision Screwdriver", "Impact Driver", "Cordless Drill",
  "Rotary Tool", "Angle Grinder", "Bench Grinder", "Belt Sander", "Orbital Sander", "Detail Sander", "Circular Saw", "Jigsaw",
  "Mitre Saw", "Table Saw", "Band Saw", "Reciprocating Saw", "Hand Saw", "Hacksaw", "Coping Saw", "Tenon Saw", "Wood Chisel",
  "Cold Chisel", "Block Plane", "Jack Plane", "Spokeshave", "Rasp", "File Set", "Tape Measure", "Spirit Level", "Laser Level",
  "Try Square", "Combination Square", "Sliding Bevel", "Marking Gauge", "Stud Finder", "Utility Knife", "Tin Snips", "Bolt Cutter",
  "Wire Stripper", "Crimping Tool", "Multimeter", "Soldering Iron", "Heat Gun", "Glue Gun", "Staple Gun", "Nail Gun", "Rivet Tool",
  "Caulking Gun", "Pry Bar", "Crowbar", "Rubber Mallet", "Bench Vise", "Quick Clamp", "Bar Clamp", "Pipe Clamp", "Spring Clamp",
  "Workbench", "Sawhorse", "Tool Chest", "Tool Bag", "Work Light", "Extension Reel", "Air Compressor", "Pressure Washer",
  "Wet Vacuum", "Dust Extractor", "Plunge Router", "Thickness Planer", "Biscuit Joiner", "Dowel Jig", "Pocket Hole Jig",
  "Tile Cutter", "Grout Float", "Plastering Trowel", "Paint Roller", "Paint Sprayer", "Paint Scraper", "Wire Brush",
  "Safety Glasses", "Ear Defenders", "Work Gloves", "Knee Pads", "Dust Mask", "Step Ladder", "Step Stool", "Wheelbarrow",
  "Shovel", "Garden Fork", "Pruning Shears", "Hedge Trimmer", "Leaf Blower", "Chainsaw", "Felling Axe", "Splitting Maul",
];
const BRANDS = [
  "Acme", "Brightline", "Cobalt", "Dunmore", "Eastwood", "Forge & Co", "Granite", "Harbor", "Ironclad", "Jetstream", "Keystone",
  "Lumen", "Meridian", "Northfield", "Oakridge", "Pinnacle", "Quarry", "Redstone", "Summit", "Tidewater", "Ulster", "Vanguard",
  "Westbrook", "Yardley",
];
const MATERIALS = ["Forged steel", "Chrome vanadium", "Aluminium", "Cast iron", "Fibreglass", "Hardened steel", "Stainless", "Heavy-duty", "Compact", "Lightweight"];
const USES = ["framing and roofing", "the home workshop", "site work", "cabinet making", "plumbing", "electrical work", "car repair", "the garden", "renovation", "metal work", "tiling", "decorating"];

/** The last word of each kind as a shopper might mistype it, its middle letter left out: "hamer". */
const MISTYPED = [...new Set(KINDS.map((kind) => kind.split(" ").at(-1)!.toLowerCase()))]
  .filter((word) => word.length >= 5)
  .map((word) => word.slice(0, word.length >> 1) + word.slice((word.length >> 1) + 1));
const SORTS = ["name", "price", "newest", "listed"];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * A catalogue page as many shoppers would ask for them: a mistyped kind, any sort, in stock or not,
 * 12 to 24 tools. Thousands of different pages, so few are asked for twice within half a second and
 * nearly every one is read from the database.
 */
export function variedSearchPath(): string {
  const limit = 12 + Math.floor(Math.random() * 13);
  return `/api/catalogue?q=${pick(MISTYPED)}&sort=${pick(SORTS)}${Math.random() < 0.5 ? "&inStock=true" : ""}&limit=${limit}`;
}

/**
 * One statement: a brand, a kind and a model code for a name; prices from $1.99 to $500; one tool
 * in seven out of stock and the rest with 0 to 999 units against a minimum order of 1 to 10; four
 * tools listed each minute, so listing times tie.
 */
const INSERT = `
  insert into tools (name, img, price_cents, description, moq, aq, created_at)
  select
    v.brands[1 + (i / cardinality(v.kinds)) % cardinality(v.brands)] || ' ' || v.kinds[1 + i % cardinality(v.kinds)] || ' ' || chr(65 + i % 23) || (100 + i % 900),
    $6,
    199 + (i * 7919) % 49801,
    v.materials[1 + i % cardinality(v.materials)] || ' ' || lower(v.kinds[1 + i % cardinality(v.kinds)]) || ' for '
      || v.uses[1 + (i / 7) % cardinality(v.uses)] || ', with a two-year warranty. Model ' || i || '.',
    1 + i % 10,
    case when i % 7 = 0 then 0 else (i * 31) % 1000 end,
    timestamptz '2024-01-01' + (i / 4) * interval '1 minute'
  from generate_series(1, $1::int) as i,
    (select $2::text[] as kinds, $3::text[] as brands, $4::text[] as materials, $5::text[] as uses) as v`;

/** The `i`th seeded tool (from 1), as `INSERT` makes it: the same catalogue on either store. */
export function largeCatalogueTool(i: number) {
  const kind = KINDS[i % KINDS.length]!;
  return {
    name: `${BRANDS[Math.floor(i / KINDS.length) % BRANDS.length]} ${kind} ${String.fromCharCode(65 + (i % 23))}${100 + (i % 900)}`,
    img: SEEDED_IMAGE,
    unitPriceCents: 199 + ((i * 7919) % 49801),
    description: `${MATERIALS[i % MATERIALS.length]} ${kind.toLowerCase()} for ${USES[Math.floor(i / 7) % USES.length]}, with a two-year warranty. Model ${i}.`,
    minOrderQuantity: 1 + (i % 10),
    stock: i % 7 === 0 ? 0 : (i * 31) % 1000,
    createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 4) * 60_000),
  };
}

/** Removes the seeded tools (from this run, or from one that was stopped half-way). */
export function removeLargeCatalogue(url: string): Promise<void> {
  return removeThenVacuum(url, deleteSeededTools, "tools");
}

/** Deletes the seeded tools, with the ledger each begins with (migration 0007); says how many. */
async function deleteSeededTools(client: pg.Client): Promise<number> {
  await client.query("begin");
  // Deleting a tool checks that no order names it. No query of the shop looks orders up by tool,
  // so nothing indexes them so; without an index, that check reads every order the run placed,
  // once per tool: minutes for 100,000 tools. The index lives only as long as the delete.
  await client.query("create index bench_orders_by_tool_idx on orders (tool_id)");
  await client.query("delete from stock_movements where tool_id in (select id from tools where img = $1)", [SEEDED_IMAGE]);
  const { rowCount } = await client.query("delete from tools where img = $1", [SEEDED_IMAGE]);
  await client.query("drop index bench_orders_by_tool_idx");
  await client.query("commit");
  return rowCount ?? 0;
}

/** Adds the 100,000 tools and gathers PostgreSQL's statistics on them; says how many "hamer" finds. */
export function seedLargeCatalogue(url: string): Promise<{ hammers: number }> {
  return withClient(url, async (client) => {
    await deleteSeededTools(client);
    await client.query(INSERT, [LARGE_CATALOGUE_SIZE, KINDS, BRANDS, MATERIALS, USES, SEEDED_IMAGE]);
    await client.query("vacuum analyze tools");
    await client.query("analyze catalogue_words");
    const { rows } = await client.query<{ hammers: number }>(
      "select count(*)::int as hammers from tools where deleted_at is null and search_vector @@ 'hammer'::tsquery and img = $1",
      [SEEDED_IMAGE],
    );
    return rows[0]!;
  });
}

import type { WishGroup } from "@api/wishes/wishes.schemas";
import { paths } from "@/config/paths";

/**
 * Add Product filled from a group: its name, its median price, the newest wish's details as the
 * description, and the ids of the wishes the new tool answers, which Add Product records once the
 * tool is added (and so e-mails their buyers). Add Product reads these same parameters.
 */
export function addProductFor(group: WishGroup): string {
  const query = new URLSearchParams({
    wish: group.wishes.map((wish) => wish._id).join(","),
    name: group.name,
    price: String(group.medianPrice),
    details: group.wishes[0]?.details ?? "",
  });
  return `${paths.dashboard.addProduct.href()}?${query.toString()}`;
}

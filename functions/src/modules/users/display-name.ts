import { USER_NAME_MAX } from "./users.schemas.js";

// Control characters (U+0000 cannot even be stored), line breaks and lone halves of a surrogate pair
// (in Unicode mode a whole pair is one character, so only a lone half matches) are not part of
// anyone's name; Firebase keeps whatever a client set, so they are taken out here.
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\uD800-\uDFFF]/gu;

const clip = (text: string, max: number) => {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join("").trimEnd();
};

/**
 * The name the shop stores and shows for an account: Firebase's display name made printable and
 * clipped to USER_NAME_MAX characters, or the email's local part when there is none.
 */
export function displayNameFor(name: string | undefined, email: string): string {
  const printable = (name ?? "").replace(UNPRINTABLE, " ").replace(/\s+/g, " ").trim();
  return clip(printable || email.split("@")[0]!, USER_NAME_MAX);
}

/**
 * The name under which wishes for the same tool meet, however each buyer typed it: lower case;
 * every character but letters, digits and spaces dropped; runs of spaces made one and the ends
 * trimmed; and a plural's final "s" dropped (not from a word ending in "ss", nor after a digit or
 * a space). "Laser  Levels!" and "laser level" are both "laser level".
 *
 * The database keeps the same key of every wish in `wishes.name_key` (postgres/wishes.tables.ts), on which
 * User Wish groups; the two are checked against each other on the same names (test/wishes). Both
 * lower-case one character at a time, as PostgreSQL's lower() does, and count only ASCII
 * whitespace as a space: anything rarer is dropped by both alike.
 */
export function wishKey(name: string): string {
  return Array.from(name, (char) => char.toLowerCase())
    .join("")
    .replace(/[^\p{L}\p{Nd} \t\n\r\f\v]/gu, "")
    .replace(/[ \t\n\r\f\v]+/g, " ")
    .trim()
    .replace(/([^s 0-9])s$/, "$1");
}

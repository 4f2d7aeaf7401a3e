import { paths } from "@/config/paths";

const AUTH_PAGES = new Set<string>([paths.login.path, paths.signup.path]);

/** Where the user was going before being sent to sign in; the home page if nowhere. */
export function originOf(state: unknown): string {
  if (typeof state !== "object" || state === null || !("from" in state)) return paths.home.href();
  const from = state.from;
  if (typeof from !== "object" || from === null || !("pathname" in from) || typeof from.pathname !== "string") {
    return paths.home.href();
  }
  if (AUTH_PAGES.has(from.pathname)) return paths.home.href();
  const search = "search" in from && typeof from.search === "string" ? from.search : "";
  const hash = "hash" in from && typeof from.hash === "string" ? from.hash : "";
  return `${from.pathname}${search}${hash}`;
}

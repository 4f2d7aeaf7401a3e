import { config } from "zod";

/**
 * zod compiles fast validators with `new Function` when it can. The shop's Content-Security-Policy
 * forbids eval, so the attempt only adds a violation report to every form page. zod makes that
 * choice when an object schema is built, so this runs once at start-up (app/main.tsx), before any
 * page's code, where the schemas live, is loaded.
 */
export function configureZod() {
  config({ jitless: true });
}

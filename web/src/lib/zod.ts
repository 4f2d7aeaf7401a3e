import { z } from "zod";

// zod compiles fast validators with `new Function` when it can. The shop's Content-Security-Policy
// forbids eval, so the attempt only adds a violation report to every form page.
z.config({ jitless: true });

export { z };

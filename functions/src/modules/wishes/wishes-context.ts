import type { RunChange } from "../../lib/change.js";
import type { AuditService } from "../audit/audit.service.js";
import type { MailService } from "../mail/mail.service.js";
import type { ToolsService } from "../tools/tools.service.js";
import type { WishMail } from "./wish-mail.js";
import type { WishesStore } from "./wishes.store.js";

/** What the wishes module's answers (resolve, fulfil) work with. */
export interface WishesContext {
  store: WishesStore;
  /** Runs an answer in one transaction; wishes have nothing to do after the commit. */
  change: RunChange;
  /** Where the tool added for a wish is looked up. */
  tools: Pick<ToolsService, "get">;
  /** Every answer to a wish is audited in the answer's own transaction. */
  audit: Pick<AuditService, "record">;
  /** Wishers are e-mailed in the transaction that answers their wishes. */
  mail: Pick<MailService, "enqueue">;
  messages: WishMail;
}

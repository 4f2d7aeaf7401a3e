import { composeMessage, type OutgoingMessage } from "../mail/mail.service.js";
import type { Tool } from "../tools/tools.schemas.js";
import type { WishRecord } from "./wishes.store.js";

const dollars = (amount: number) => `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (at: Date) => at.toISOString().slice(0, 10);

/** The e-mail the wishes module sends, its links leading to the shop at one address. */
export interface WishMail {
  /**
   * What a buyer gets when a tool they wished for is added (docs/decisions/0016). It is keyed by the
   * tool and the buyer, so a buyer is told once about a tool however many of their wishes it
   * answers and however often it is recorded.
   */
  toolAdded(tool: Tool, to: string, wish: Pick<WishRecord, "userId" | "userName" | "name" | "createdAt">): OutgoingMessage;
}

export function wishMail(shopUrl: string): WishMail {
  return {
    toolAdded: (tool, to, wish) =>
      composeMessage({
        eventKey: `tool:${tool._id}:wished-by:${wish.userId}`,
        to,
        subject: `The tool you wished for is here: ${tool.name}`,
        heading: "The tool you wished for is here",
        paragraphs: [
          `Hello ${wish.userName},`,
          `On ${day(wish.createdAt)} you wished for “${wish.name}”. We now sell ${tool.name}, and you can order it today.`,
        ],
        facts: [
          ["Tool", tool.name],
          ["Price", dollars(tool.price)],
          ["Minimum order", `${tool.moq} ${tool.moq === 1 ? "unit" : "units"}`],
        ],
        link: { label: "See the tool", href: `${shopUrl}/tools/${tool._id}` },
      }),
  };
}

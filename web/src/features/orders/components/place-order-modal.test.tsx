import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import type { Order } from "@api/orders/orders.schemas";
import type { Tool } from "@api/tools/tools.schemas";
import type { User } from "@api/users/users.schemas";
import { useNodeAbortController } from "@/test/node-abort-controller";
import { unpaidOrder } from "@/test/orders";
import { problemResponse } from "@/test/problem-response";
import { renderWithProviders } from "@/test/render-with-providers";
import { server } from "@/test/server";
import { PlaceOrderModal } from "./place-order-modal";

useNodeAbortController();

const EMAIL = "buyer@toolshop.test";
const tool: Tool = { _id: "tool-1", name: "Claw Hammer", img: "/images/tools/claw-hammer.svg", price: 12.75, description: "Steel head", moq: 10, aq: 50 };
const profile: User = { _id: "u1", email: EMAIL, name: "Bob Buyer", role: "buyer", education: "", location: "4 Profile Lane, Springfield", number: "+1 555 0123", linkIn: "" };

/** The API's answers to what the form looks up: the buyer's orders, newest first, and the profile. */
function answer({ orders, user }: { orders: () => Response; user: () => Response }) {
  const asked: string[] = [];
  server.use(
    http.get("/api/orders", ({ request }) => {
      asked.push(`orders?userEmail=${new URL(request.url).searchParams.get("userEmail")}`);
      return orders();
    }),
    http.get<{ email: string }>("/api/users/:email", ({ params }) => {
      asked.push(`users/${params.email}`);
      return user();
    }),
  );
  return { asked };
}

async function openForm() {
  renderWithProviders(<PlaceOrderModal tool={tool} userName="Bob Buyer" userEmail={EMAIL} />);
  await userEvent.setup().click(screen.getByRole("button", { name: "Place Order" }));
  return { phone: screen.getByLabelText("Phone Number"), address: screen.getByLabelText("Address") };
}

describe("the order form's phone and address", () => {
  it("when the buyer has ordered before, then the form starts with the phone and address of the last order, and the profile is not asked", async () => {
    const older: Order = { ...unpaidOrder, _id: "older", userPhone: "+1 555 0001", userAddress: "Old Street 1" };
    const latest: Order = { ...unpaidOrder, _id: "latest", userPhone: "+1 555 0999", userAddress: "New Road 2" };
    const { asked } = answer({ orders: () => HttpResponse.json([latest, older]), user: () => HttpResponse.json(profile) });
    const { phone, address } = await openForm();
    await waitFor(() => expect(phone).toHaveValue("+1 555 0999"));
    expect(address).toHaveValue("New Road 2");
    expect(asked).toEqual([`orders?userEmail=${EMAIL}`]);
  });

  it("when the buyer has no orders yet, then it starts with the profile's phone number and location", async () => {
    const { asked } = answer({ orders: () => HttpResponse.json([]), user: () => HttpResponse.json(profile) });
    const { phone, address } = await openForm();
    await waitFor(() => expect(phone).toHaveValue("+1 555 0123"));
    expect(address).toHaveValue("4 Profile Lane, Springfield");
    expect(asked).toEqual([`orders?userEmail=${EMAIL}`, `users/${EMAIL}`]);
  });

  it("when neither an order nor the profile has them, or the lookups fail, then the fields start empty as before", async () => {
    const { asked } = answer({
      orders: () => problemResponse({ status: 503, title: "Service Unavailable", code: "unavailable", detail: "Try again." }),
      user: () => HttpResponse.json({ ...profile, number: "", location: "" }),
    });
    const { phone, address } = await openForm();
    await waitFor(() => expect(asked).toContain(`users/${EMAIL}`));
    expect(phone).toHaveValue("");
    expect(address).toHaveValue("");
  });
});

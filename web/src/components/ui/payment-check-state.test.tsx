import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { PaymentCheckState } from "./payment-check-state";

describe("PaymentCheckState", () => {
  it("when the server is checking an accepted card, then the buyer is told the payment is being completed", () => {
    render(<PaymentCheckState isPending error={null} onRetry={vi.fn()} />);
    expect(screen.getByRole("status")).toHaveTextContent("Your card was accepted. Completing your payment…");
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("when the check fails, then it says why and Check again asks once more", async () => {
    const onRetry = vi.fn();
    render(<PaymentCheckState isPending={false} error={new ApiError(503, "Unavailable", "The payment provider did not answer.", "provider_unavailable")} onRetry={onRetry} />);
    expect(screen.getByRole("alert")).toHaveTextContent("The payment provider did not answer.");
    await userEvent.click(screen.getByRole("button", { name: "Check again" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("when no check is under way or failed, then it shows nothing", () => {
    const { container } = render(<PaymentCheckState isPending={false} error={null} onRetry={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});

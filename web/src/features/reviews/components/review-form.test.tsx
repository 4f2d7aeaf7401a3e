import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReviewForm } from "./review-form";

function setup() {
  const onSubmit = vi.fn(async () => {});
  render(<ReviewForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("ReviewForm", () => {
  it("when submitted empty, then the rating and the review are required", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Rating is Required")).toBeInTheDocument();
    expect(screen.getByText("Review is Required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(["0", "6", "-1"])("when the rating is %s, then it must be from 1 to 5", async (rating) => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Rating/), rating);
    await user.type(screen.getByLabelText("Review"), "Great tools");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Must be from 1 to 5")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the rating is not a whole number, then it says so", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Rating/), "4.5");
    await user.type(screen.getByLabelText("Review"), "Great tools");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(await screen.findByText("Must be a whole number")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the rating is 1 to 5 and there is a review, then it sends them and clears the form", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText(/Rating/), "5");
    await user.type(screen.getByLabelText("Review"), "  Fast delivery  ");
    await user.click(screen.getByRole("button", { name: "Add Review" }));
    expect(onSubmit).toHaveBeenCalledWith({ rating: 5, review: "Fast delivery" });
    expect(screen.getByLabelText("Review")).toHaveValue("");
  });
});

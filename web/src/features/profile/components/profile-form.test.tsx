import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ProfileForm } from "./profile-form";

const empty = { education: "", location: "", number: "", linkIn: "" };

function setup(profile = empty) {
  const onSubmit = vi.fn(async () => {});
  render(<ProfileForm profile={profile} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("ProfileForm", () => {
  it("when every field is left empty, then it is sent as it is: all fields are optional", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith(empty);
  });

  it("when it opens, then it shows the current details", () => {
    setup({ education: "BSc", location: "Dhaka", number: "+880 1700 000000", linkIn: "https://linkedin.com/in/bob" });
    expect(screen.getByLabelText("Education")).toHaveValue("BSc");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("+880 1700 000000");
  });

  it("when the phone number has letters and the link is not a web address, then it says what is wrong", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Phone Number"), "call me");
    await user.type(screen.getByLabelText("LinkedIn Profile"), "linkedin.com/in/bob");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Must be a phone number")).toBeInTheDocument();
    expect(screen.getByText("Must be an http(s) URL")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the details are valid, then it sends them trimmed", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Education"), " MSc ");
    await user.type(screen.getByLabelText("Location"), "Chattogram");
    await user.type(screen.getByLabelText("Phone Number"), "+880 1800-000000");
    await user.type(screen.getByLabelText("LinkedIn Profile"), "https://www.linkedin.com/in/bob");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(onSubmit).toHaveBeenCalledWith({
      education: "MSc",
      location: "Chattogram",
      number: "+880 1800-000000",
      linkIn: "https://www.linkedin.com/in/bob",
    });
  });
});

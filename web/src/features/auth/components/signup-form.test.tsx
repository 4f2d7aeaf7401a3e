import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SignupForm } from "./signup-form";

function setup(props: { error?: string | null } = {}) {
  const onSubmit = vi.fn(async () => {});
  render(<SignupForm onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("SignupForm", () => {
  it("when submitted empty, then it asks for the name, the email and the password", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Name is Required")).toBeInTheDocument();
    expect(screen.getByText("Email is Required")).toBeInTheDocument();
    expect(screen.getByText("Password is Required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the name is only spaces, then it says 'Name is Required'", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Name"), "   ");
    await user.type(screen.getByLabelText("Email"), "new@toolshop.test");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Name is Required")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the email is not an address and the password is short, then it says both", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Name"), "Nia New");
    await user.type(screen.getByLabelText("Email"), "NEW@TOOLSHOP");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("Provide a valid Email")).toBeInTheDocument();
    expect(screen.getByText("Must be 6 characters or longer")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when everything is valid, then it sends the trimmed name, the email and the password", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByPlaceholderText("Your Name"), "  Nia New ");
    await user.type(screen.getByPlaceholderText("Your Email"), "new@toolshop.test");
    await user.type(screen.getByPlaceholderText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Nia New", email: "new@toolshop.test", password: "secret1" }, expect.anything());
  });

  it("when the email is typed in capitals, then it is sent in lower case", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Name"), "Nia New");
    await user.type(screen.getByLabelText("Email"), "NEW@TOOLSHOP.TEST");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Nia New", email: "new@toolshop.test", password: "secret1" }, expect.anything());
  });

  it("when sign-up failed, then the message shows in red", () => {
    setup({ error: "An account with this email already exists. Log in instead, or sign up with another email." });
    expect(screen.getByRole("alert")).toHaveTextContent("An account with this email already exists.");
    expect(screen.getByRole("alert")).toHaveClass("text-error");
  });
});

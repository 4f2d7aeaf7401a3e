import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoginForm } from "./login-form";

function setup(props: { error?: string | null } = {}) {
  const onSubmit = vi.fn(async () => {});
  render(<LoginForm onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("LoginForm", () => {
  it("when submitted empty, then it asks for the email and the password and sends nothing", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Email is Required")).toBeInTheDocument();
    expect(screen.getByText("Password is Required")).toBeInTheDocument();
    expect(screen.queryByText("Must be 6 characters or longer")).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(["buyer", "buyer@toolshop", "buyer @toolshop.test", "Buyer@Toolshop"])(
    "when the email is %j, then it says 'Provide a valid Email'",
    async (email) => {
      const { onSubmit, user } = setup();
      await user.type(screen.getByLabelText("Email"), email);
      await user.type(screen.getByLabelText("Password"), "buyer123");
      await user.click(screen.getByRole("button", { name: "Login" }));
      expect(await screen.findByText("Provide a valid Email")).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it("when the password is shorter than 6 characters, then it says 'Must be 6 characters or longer'", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Email"), "buyer@toolshop.test");
    await user.type(screen.getByLabelText("Password"), "12345");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Must be 6 characters or longer")).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the email and password are valid, then it sends them", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByPlaceholderText("Your Email"), "buyer@toolshop.test");
    await user.type(screen.getByPlaceholderText("Password"), "buyer123");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(onSubmit).toHaveBeenCalledWith({ email: "buyer@toolshop.test", password: "buyer123" }, expect.anything());
    expect(screen.queryByText(/Required|valid|characters/)).not.toBeInTheDocument();
  });

  it("when the email is typed in capitals with spaces around it, then it is sent trimmed and in lower case", async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText("Email"), " Buyer@ToolShop.TEST ");
    await user.type(screen.getByLabelText("Password"), "buyer123");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(onSubmit).toHaveBeenCalledWith({ email: "buyer@toolshop.test", password: "buyer123" }, expect.anything());
  });

  it("when sign-in failed, then the message shows in red", () => {
    setup({ error: "The email or password is not right. Check both and try again." });
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The email or password is not right. Check both and try again.");
    expect(alert).toHaveClass("text-error");
  });
});

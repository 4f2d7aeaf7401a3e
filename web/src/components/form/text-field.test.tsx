import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { TextAreaField } from "./text-area-field";
import { TextField } from "./text-field";

function RegisteredForm({ onSubmit }: { onSubmit: (values: { email: string; note: string }) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { email: "", note: "" } });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField id="email" label="Email" type="email" error={errors.email?.message} {...register("email", { required: "Email is Required" })} />
      <TextAreaField id="note" label="Note" error={errors.note?.message} {...register("note", { required: "Note is Required" })} />
      <button type="submit">Send</button>
    </form>
  );
}

describe("TextField", () => {
  it("when it renders, then its label names the input and nothing marks it invalid", () => {
    render(<TextField id="login-email" label="Email" type="email" placeholder="Your Email" />);
    const input = screen.getByLabelText("Email");
    expect(input).toHaveAttribute("id", "login-email");
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("placeholder", "Your Email");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("when it has an error, then the message shows and the input is invalid and described by it", () => {
    render(<TextField id="login-email" label="Email" error="Email is Required" />);
    const input = screen.getByLabelText("Email");
    expect(screen.getByText("Email is Required")).toHaveAttribute("id", "login-email-error");
    expect(screen.getByText("Email is Required")).toHaveClass("field-error", "text-error");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAttribute("aria-describedby", "login-email-error");
    expect(input).toHaveAccessibleDescription("Email is Required");
  });

  it("when it has a hint, then the hint describes the input until an error takes its place", () => {
    const { rerender } = render(<TextField id="quantity" label="Quantity" hint="From 10 to 50 units" />);
    expect(screen.getByLabelText("Quantity")).toHaveAccessibleDescription("From 10 to 50 units");
    expect(screen.getByLabelText("Quantity")).not.toHaveAttribute("aria-invalid");

    rerender(<TextField id="quantity" label="Quantity" hint="From 10 to 50 units" error="Must be a whole number" />);
    expect(screen.queryByText("From 10 to 50 units")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Quantity")).toHaveAccessibleDescription("Must be a whole number");
    expect(screen.getByLabelText("Quantity")).toHaveAttribute("aria-invalid", "true");
  });
});

describe("labelAsPlaceholder", () => {
  it("when it is set, then the label is also the placeholder of the input and of the text area", () => {
    render(
      <>
        <TextField id="wish-name" label="Tool Name" labelAsPlaceholder />
        <TextAreaField id="wish-details" label="Details" labelAsPlaceholder />
      </>,
    );
    expect(screen.getByLabelText("Tool Name")).toHaveAttribute("placeholder", "Tool Name");
    expect(screen.getByLabelText("Details")).toHaveAttribute("placeholder", "Details");
  });

  it("when it is left out, then there is no placeholder", () => {
    render(<TextField id="order-quantity" label="Quantity" />);
    expect(screen.getByLabelText("Quantity")).not.toHaveAttribute("placeholder");
  });
});

describe("TextAreaField", () => {
  it("when it has an error, then its label names the text area, which is invalid and described by the message", () => {
    render(<TextAreaField id="review-text" label="Review" rows={4} error="Review is Required" />);
    const textArea = screen.getByLabelText("Review");
    expect(textArea.tagName).toBe("TEXTAREA");
    expect(textArea).toHaveAttribute("rows", "4");
    expect(textArea).toHaveAttribute("aria-invalid", "true");
    expect(textArea).toHaveAccessibleDescription("Review is Required");
  });
});

describe("TextField and TextAreaField in a react-hook-form form", () => {
  it("when submitted empty, then each field shows its rule's message and is marked invalid", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<RegisteredForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Email is Required")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is Required");
    expect(screen.getByLabelText("Note")).toHaveAccessibleDescription("Note is Required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when filled, then what was typed reaches the form under the registered names", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<RegisteredForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Email"), "buyer@toolshop.test");
    await user.type(screen.getByLabelText("Note"), "Leave at the door");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(onSubmit).toHaveBeenCalledWith({ email: "buyer@toolshop.test", note: "Leave at the door" }, expect.anything());
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid");
  });
});

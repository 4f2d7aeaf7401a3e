import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AddToolForm } from "./add-tool-form";

const PLACEHOLDERS = ["Tools Name", "Price", "Description", "Minimum Order Quantity", "Available Quantity", "Image Url"];

function setup() {
  const onSubmit = vi.fn(async () => {});
  render(<AddToolForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) {
  for (const [placeholder, value] of Object.entries(values)) {
    await user.clear(screen.getByPlaceholderText(placeholder));
    if (value) await user.type(screen.getByPlaceholderText(placeholder), value);
  }
}

const valid = {
  "Tools Name": "Bench Grinder",
  Price: "129.99",
  Description: "Twin wheels, 370 W",
  "Minimum Order Quantity": "5",
  "Available Quantity": "120",
  "Image Url": "/images/tools/angle-grinder.svg",
};

describe("AddToolForm", () => {
  it("when it shows, then it has the six placeholders, each with a label, and the 'Add tools' button", () => {
    setup();
    for (const placeholder of PLACEHOLDERS) {
      expect(screen.getByPlaceholderText(placeholder)).toBe(screen.getByLabelText(placeholder));
    }
    for (const number of ["Price", "Minimum Order Quantity", "Available Quantity"]) {
      expect(screen.getByPlaceholderText(number)).toHaveAttribute("type", "number");
    }
    expect(screen.getByRole("button", { name: "Add tools" })).toBeInTheDocument();
  });

  it("when submitted empty, then all six fields are required", async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole("button", { name: "Add tools" }));
    for (const placeholder of PLACEHOLDERS) {
      expect(await screen.findByText(`${placeholder} is Required`)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("when the image is not a URL and the minimum order is 0, then the API's rules say so", async () => {
    const { onSubmit, user } = setup();
    await fill(user, { ...valid, "Image Url": "grinder.png", "Minimum Order Quantity": "0" });
    await user.click(screen.getByRole("button", { name: "Add tools" }));
    expect(await screen.findByText("Must be a path on this site starting with a single / or an https:// address")).toBeInTheDocument();
    expect(screen.getByText("Must be at least 1")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(["/\\evil.example/x.png", "//evil.example/x.png", "http://cdn.example.com/x.png"])(
    "when the image is %s, which the shop does not show, then the API's message shows and nothing is sent",
    async (img) => {
      const { onSubmit, user } = setup();
      await fill(user, { ...valid, "Image Url": img });
      await user.click(screen.getByRole("button", { name: "Add tools" }));
      expect(await screen.findByText("Must be a path on this site starting with a single / or an https:// address")).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it("when everything is filled in, then it sends numbers for price and quantities and clears the form", async () => {
    const { onSubmit, user } = setup();
    await fill(user, valid);
    await user.click(screen.getByRole("button", { name: "Add tools" }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: "Bench Grinder",
      price: 129.99,
      description: "Twin wheels, 370 W",
      moq: 5,
      aq: 120,
      img: "/images/tools/angle-grinder.svg",
    });
    for (const placeholder of PLACEHOLDERS) expect(screen.getByPlaceholderText(placeholder)).toHaveValue(placeholder === "Price" || placeholder.endsWith("Quantity") ? null : "");
  });

  it("when it is given first values, then the fields start with them and the rest stay empty", () => {
    render(<AddToolForm onSubmit={vi.fn(async () => {})} defaults={{ name: "Laser Level", price: 215, description: "Green beam." }} />);
    expect(screen.getByPlaceholderText("Tools Name")).toHaveValue("Laser Level");
    expect(screen.getByPlaceholderText("Price")).toHaveValue(215);
    expect(screen.getByPlaceholderText("Description")).toHaveValue("Green beam.");
    expect(screen.getByPlaceholderText("Minimum Order Quantity")).toHaveValue(null);
    expect(screen.getByPlaceholderText("Image Url")).toHaveValue("");
  });
});

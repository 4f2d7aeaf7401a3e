import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FirebaseError } from "firebase/app";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as FirebaseModule from "@/lib/firebase";
import { LoginRoute } from "../routes/login";
import { SignupRoute } from "../routes/signup";

const firebase = vi.hoisted(() => ({
  user: { uid: "u1", email: "ada@toolshop.test" },
  signInWithEmailAndPassword: vi.fn(),
  createUserWithEmailAndPassword: vi.fn(),
  signInWithPopup: vi.fn(),
  updateProfile: vi.fn(async () => undefined),
  exchangeAccessToken: vi.fn(async () => "api-token"),
  sendVerificationLink: vi.fn(async () => undefined),
}));
vi.mock("firebase/auth", () => ({
  browserPopupRedirectResolver: {},
  GoogleAuthProvider: class {},
  signInWithEmailAndPassword: firebase.signInWithEmailAndPassword,
  createUserWithEmailAndPassword: firebase.createUserWithEmailAndPassword,
  signInWithPopup: firebase.signInWithPopup,
  updateProfile: firebase.updateProfile,
}));
vi.mock("@/lib/firebase", async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseModule>()),
  loadAuth: async () => ({ name: "auth" }),
}));
vi.mock("@/lib/auth", () => ({ exchangeAccessToken: firebase.exchangeAccessToken, sendVerificationLink: firebase.sendVerificationLink }));

const refusedWith = (code: string) => new FirebaseError(code, `Firebase: Error (${code}).`);

function renderAt(path: "/login" | "/signup") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginRoute />} />
        <Route path="/signup" element={<SignupRoute />} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  firebase.signInWithEmailAndPassword.mockResolvedValue({ user: firebase.user });
  firebase.createUserWithEmailAndPassword.mockResolvedValue({ user: firebase.user });
});

describe("signing in with email and password", () => {
  it("when the email is typed in capitals with spaces around it, then it signs in with the trimmed lower-case address", async () => {
    const user = renderAt("/login");
    await user.type(screen.getByLabelText("Email"), "  Ada@ToolShop.TEST ");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(firebase.signInWithEmailAndPassword).toHaveBeenCalledWith({ name: "auth" }, "ada@toolshop.test", "secret1");
    expect(screen.queryByText("Provide a valid Email")).not.toBeInTheDocument();
  });

  it("when the password is wrong, then it says so in plain words, in red, and not the service's code", async () => {
    firebase.signInWithEmailAndPassword.mockRejectedValue(refusedWith("auth/invalid-credential"));
    const user = renderAt("/login");
    await user.type(screen.getByLabelText("Email"), "ada@toolshop.test");
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Login" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The email or password is not right. Check both and try again.");
    expect(alert).not.toHaveTextContent(/auth\/|Firebase/);
    expect(alert).toHaveClass("text-error");
    expect(firebase.exchangeAccessToken).not.toHaveBeenCalled();
  });

  it("when there were too many attempts, then it says to wait", async () => {
    firebase.signInWithEmailAndPassword.mockRejectedValue(refusedWith("auth/too-many-requests"));
    const user = renderAt("/login");
    await user.type(screen.getByLabelText("Email"), "ada@toolshop.test");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts to sign in. Wait a few minutes, then try again.");
  });
});

describe("signing up", () => {
  it("when the email already has an account, then it says so and how to go on", async () => {
    firebase.sendVerificationLink.mockClear();
    firebase.createUserWithEmailAndPassword.mockRejectedValueOnce(refusedWith("auth/email-already-in-use"));
    const user = renderAt("/signup");
    await user.type(screen.getByLabelText("Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "Ada@Toolshop.test");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An account with this email already exists. Log in instead, or sign up with another email.",
    );
    expect(firebase.createUserWithEmailAndPassword).toHaveBeenCalledWith(expect.anything(), "ada@toolshop.test", "secret1");
    expect(firebase.sendVerificationLink).not.toHaveBeenCalled();
  });

  it("when the account is created, then Firebase sends the verification link before the shop is signed in to", async () => {
    firebase.sendVerificationLink.mockClear();
    const user = renderAt("/signup");
    await user.type(screen.getByLabelText("Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@toolshop.test");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(firebase.sendVerificationLink).toHaveBeenCalledWith(firebase.user);
    expect(firebase.sendVerificationLink.mock.invocationCallOrder[0]).toBeLessThan(firebase.exchangeAccessToken.mock.invocationCallOrder.at(-1)!);
  });

  it("when the verification link cannot be sent, then the sign-up still finishes", async () => {
    firebase.sendVerificationLink.mockRejectedValueOnce(refusedWith("auth/too-many-requests"));
    const user = renderAt("/signup");
    await user.type(screen.getByLabelText("Name"), "Ada Lovelace");
    await user.type(screen.getByLabelText("Email"), "ada@toolshop.test");
    await user.type(screen.getByLabelText("Password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
  });
});

describe("signing in with Google", () => {
  it("when the person closes the Google window, then it says the window was closed and how to try again", async () => {
    firebase.signInWithPopup.mockRejectedValue(refusedWith("auth/popup-closed-by-user"));
    const user = renderAt("/login");
    await user.click(screen.getByRole("button", { name: "Continue with Google" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The Google window was closed before signing in finished. Choose Continue with Google to try again.",
    );
    expect(screen.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
  });
});

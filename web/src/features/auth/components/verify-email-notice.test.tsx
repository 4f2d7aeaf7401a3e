import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FirebaseError } from "firebase/app";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { VerifyEmailNotice } from "./verify-email-notice";

const EMAIL = "ada@toolshop.test";

const auth = vi.hoisted(() => ({
  session: { status: "loading" } as unknown,
  sendVerificationLink: vi.fn<(user: unknown) => Promise<void>>(),
  confirmVerifiedEmail: vi.fn<(user: unknown) => Promise<boolean>>(),
}));
vi.mock("@/lib/auth", () => ({
  useSession: () => auth.session,
  sendVerificationLink: auth.sendVerificationLink,
  confirmVerifiedEmail: auth.confirmVerifiedEmail,
}));

function signedInAs(emailVerified: boolean) {
  const user = { uid: "u1", email: EMAIL, emailVerified };
  auth.session = { status: "signedIn", user, email: EMAIL, displayName: "Ada" };
  return user;
}

beforeEach(() => {
  auth.sendVerificationLink.mockReset().mockResolvedValue(undefined);
  auth.confirmVerifiedEmail.mockReset().mockResolvedValue(false);
});

const notice = () => screen.queryByRole("region", { name: "Confirm your e-mail address" });

describe("the notice to confirm the e-mail address", () => {
  it("when the signed-in address is not verified, then a labelled notice says where the link went and that order e-mails wait", () => {
    signedInAs(false);
    render(<VerifyEmailNotice />);
    expect(notice()).toBeInTheDocument();
    expect(notice()).toHaveTextContent(`We sent a link to ${EMAIL}. Open it to confirm that the address is yours; your order e-mails wait until then.`);
    expect(screen.getByRole("button", { name: "Resend the link" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "I have confirmed it" })).toBeEnabled();
  });

  it("when the address is verified (a confirmed link, or Google), or nobody is signed in, then there is no notice", () => {
    signedInAs(true);
    const { unmount } = render(<VerifyEmailNotice />);
    expect(notice()).not.toBeInTheDocument();
    unmount();
    auth.session = { status: "signedOut" };
    render(<VerifyEmailNotice />);
    expect(notice()).not.toBeInTheDocument();
  });

  it("when the person asks for the link again, then it is sent for their user and a status says so", async () => {
    const user = signedInAs(false);
    render(<VerifyEmailNotice />);
    await userEvent.click(screen.getByRole("button", { name: "Resend the link" }));
    expect(auth.sendVerificationLink).toHaveBeenCalledWith(user);
    expect(await screen.findByRole("status")).toHaveTextContent(`We sent a new link to ${EMAIL}.`);
  });

  it("when Firebase will not send another link so soon, then the notice says to use the newest one or wait", async () => {
    signedInAs(false);
    auth.sendVerificationLink.mockRejectedValue(new FirebaseError("auth/too-many-requests", "Firebase: Error (auth/too-many-requests)."));
    render(<VerifyEmailNotice />);
    await userEvent.click(screen.getByRole("button", { name: "Resend the link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Firebase sends only a few links in a short time.");
    expect(screen.getByRole("button", { name: "Resend the link" })).toBeEnabled();
  });

  it("when the person says they confirmed it but Firebase has not verified the address, then the notice stays and says so", async () => {
    const user = signedInAs(false);
    render(<VerifyEmailNotice />);
    await userEvent.click(screen.getByRole("button", { name: "I have confirmed it" }));
    expect(auth.confirmVerifiedEmail).toHaveBeenCalledWith(user);
    expect(await screen.findByRole("status")).toHaveTextContent("Your address is not confirmed yet.");
    expect(notice()).toBeInTheDocument();
  });

  it("when the person has confirmed it, then the shop is told and the notice goes", async () => {
    signedInAs(false);
    auth.confirmVerifiedEmail.mockResolvedValue(true);
    render(<VerifyEmailNotice />);
    await userEvent.click(screen.getByRole("button", { name: "I have confirmed it" }));
    await vi.waitFor(() => expect(notice()).not.toBeInTheDocument());
  });

  it("when telling the shop fails, then the reason shows and the buttons work again", async () => {
    signedInAs(false);
    auth.confirmVerifiedEmail.mockRejectedValue(new FirebaseError("auth/network-request-failed", "Firebase: Error (auth/network-request-failed)."));
    render(<VerifyEmailNotice />);
    await userEvent.click(screen.getByRole("button", { name: "I have confirmed it" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not reach the sign-in service.");
    expect(screen.getByRole("button", { name: "I have confirmed it" })).toBeEnabled();
  });
});

import { describe, expect, it } from "vitest";
import { isEmulatorSignUpRace } from "./emulator-sign-up-race.js";

const at = (iso: string) => new Date(iso);
const signUpSecond = Math.floor(at("2026-11-26T10:00:00Z").getTime() / 1000);

describe("the Auth emulator's sign-up race", () => {
  it("when the sign-up's token predates validity by the one second the emulator lets slip, then it is forgiven", () => {
    expect(
      isEmulatorSignUpRace({ authTimeSeconds: signUpSecond, createdAt: at("2026-11-26T10:00:00.999Z"), validAfter: at("2026-11-26T10:00:01Z"), disabled: false }),
    ).toBe(true);
  });

  it("when tokens were revoked later than the sign-up's next second, then the token stays revoked", () => {
    expect(
      isEmulatorSignUpRace({ authTimeSeconds: signUpSecond, createdAt: at("2026-11-26T10:00:00Z"), validAfter: at("2026-11-26T10:00:05Z"), disabled: false }),
    ).toBe(false);
  });

  it("when the token comes from a sign-in after the account's creation, then a revocation holds", () => {
    expect(
      isEmulatorSignUpRace({ authTimeSeconds: signUpSecond + 60, createdAt: at("2026-11-26T10:00:00Z"), validAfter: at("2026-11-26T10:01:01Z"), disabled: false }),
    ).toBe(false);
  });

  it("when the account is disabled, then nothing is forgiven", () => {
    expect(
      isEmulatorSignUpRace({ authTimeSeconds: signUpSecond, createdAt: at("2026-11-26T10:00:00Z"), validAfter: at("2026-11-26T10:00:01Z"), disabled: true }),
    ).toBe(false);
  });
});

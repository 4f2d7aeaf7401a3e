/**
 * The Auth emulator stamps a new password account's sign-in time before it stamps the time its
 * tokens are valid from; when a second boundary falls between the two, the sign-up's own ID token
 * reads as revoked and the new buyer is refused. Firebase itself sets both from one clock reading.
 * This recognises exactly that case, so that only the emulator's stray second is forgiven: the
 * token was issued at the account's creation, and validity starts one second later.
 */
export interface RevokedTokenFacts {
  /** `auth_time` of the ID token, in seconds. */
  authTimeSeconds: number;
  /** The account's creation, as Firebase reports it. */
  createdAt: Date;
  /** The account's `tokensValidAfterTime`. */
  validAfter: Date;
  disabled: boolean;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function isEmulatorSignUpRace(facts: RevokedTokenFacts): boolean {
  if (facts.disabled) return false;
  return seconds(facts.createdAt) === facts.authTimeSeconds && seconds(facts.validAfter) === facts.authTimeSeconds + 1;
}

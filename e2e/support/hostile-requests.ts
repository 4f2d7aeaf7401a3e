// Hostile requests against a running stack (`npm start`, or a deployment): JSON nested thousands
// deep, path parameters at and past the schemas' limits, malformed percent-encoding, oversized,
// compressed and non-UTF-8 bodies. Each answer must be under 500, problem+json with the API's own
// code, free of framework names and stack traces, and without x-powered-by; refused writes must
// store nothing. The list is the one the API's own test sends to the plain server
// (functions/test/security/hostile-input.test.ts), so the two cannot drift apart.
//
//   const failures = await checkHostileRequests(SHOP, { signInToken: buyerToken, via: "firebase-emulators" });
//
// `via` says what stands in front of the app: "plain-server" (the default), "cloud-functions" (a
// deployment) or "firebase-emulators" (`npm start`). Where that platform answers before the app
// (malformed JSON, a path its Express cannot decode, ...; README "Hostile input"), its documented
// status is expected and only "nothing internal" is checked; a 5xx is still reported, naming who
// gave it. Requests that are not HTTP at all are sent to the plain server only.
//
// Of the requests to the sign-in exchange, only those that get past the body parser count toward its
// per-address limit: at most three, four with a 254-character account.
export {
  answeredBeforeTheApp,
  checkHostileRequests,
  emailOfLength,
  type HostileRequest,
  type HostileRequestOptions,
  type Via,
  hostileRequests,
  problemsWith,
  sendHostileRequest,
} from "../../functions/test/support/hostile-input-requests.js";

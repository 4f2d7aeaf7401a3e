import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_IMAGE_URL_MESSAGE, type Tool } from "../../src/modules/tools/tools.schemas.js";
import { expectValidationProblem } from "../support/problems.js";
import { type SignedInUser, TestApi } from "../support/test-app.js";

// A tool's image is shown on every catalogue page: it may be a path on the shop's own host or an
// https address, never an address a browser would read as another host's.

let api: TestApi;
let admin: SignedInUser;

beforeAll(async () => {
  api = await TestApi.start();
  admin = await api.signUpAdmin();
});
afterAll(() => api?.stop());

const newTool = (img: string) => ({ name: "Bench Vice", price: 59.5, description: "Cast iron, 125 mm jaws.", moq: 1, aq: 10, img });
const toolCount = async () => (await api.stores.tools.listListed(1000)).length;

const REFUSED: [string, string][] = [
  ["a backslash after the slash, which browsers read as another host", "/\\evil.example/x.png"],
  ["two slashes, another host", "//evil.example/x.png"],
  ["a backslash anywhere in the path", "/images\\tools/x.png"],
  ["a tab, which browsers drop before reading the address", "/\t/evil.example/x.png"],
  ["a newline inside the path", "/images/\ntools/x.png"],
  ["a space inside the path", "/images/bench vice.png"],
  ["a control character", "/images/x\u0001.png"],
  ["a C1 control character", "/images/x\u0085.png"],
  ["an http address", "http://cdn.example.com/x.png"],
  ["an https address with credentials", "https://user:secret@cdn.example.com/x.png"],
  ["an https address with a user name", "https://user@cdn.example.com/x.png"],
  ["an https address without a host", "https:///x.png"],
  ["an https address with a backslash for a slash", "https:\\\\evil.example/x.png"],
  ["a relative name", "grinder.png"],
  ["a relative path", "images/tools/x.png"],
  ["a data URL", "data:image/svg+xml,<svg/>"],
  ["a script URL", "javascript:alert(1)"],
  ["a protocol-relative address written with backslashes", "\\\\evil.example/x.png"],
];

describe("POST /api/tools", () => {
  it.each(REFUSED)("when the image is %s, then 400 names img with a clear message and no tool is added", async (_, img) => {
    const before = await toolCount();
    const response = await api.request("POST", "/tools", { token: admin.token, body: newTool(img) });
    expectValidationProblem(response);
    expect(response.body.errors).toContainEqual({ path: "body/img", message: TOOL_IMAGE_URL_MESSAGE });
    expect(await toolCount()).toBe(before);
  });

  it.each([
    ["a path on the shop's host", "/images/tools/bench-vice.svg"],
    ["a path with a query", "/images/tools/bench-vice.svg?v=2"],
    ["an https address", "https://cdn.example.com/tools/bench-vice.png"],
    ["an https address with a port and percent-escapes", "https://cdn.example.com:8443/tools/bench%20vice.png"],
  ])("when the image is %s, then the tool is added with it", async (_, img) => {
    const response = await api.request<Tool>("POST", "/tools", { token: admin.token, body: newTool(img) });
    expect(response.status).toBe(201);
    expect(response.body.img).toBe(img);
  });
});

describe("PATCH /api/tools/{id}", () => {
  it.each(REFUSED)("when the new image is %s, then 400 names img and the tool keeps its image", async (_, img) => {
    const id = await api.addTool();
    const before = await api.request<Tool>("GET", `/tools/${id}`);
    const response = await api.request("PATCH", `/tools/${id}`, { token: admin.token, body: { img } });
    expectValidationProblem(response);
    expect(response.body.errors).toContainEqual({ path: "body/img", message: TOOL_IMAGE_URL_MESSAGE });
    expect((await api.request<Tool>("GET", `/tools/${id}`)).body).toEqual(before.body);
  });
});

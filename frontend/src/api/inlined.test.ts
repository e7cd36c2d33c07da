import { afterEach, describe, expect, it } from "vitest";
import { readInlined } from "./inlined";
import { api } from "./client";

function inline(text: string, attrs = 'type="application/json" id="vitrine-data"') {
  document.body.insertAdjacentHTML("beforeend", `<script ${attrs}>${text}</script>`);
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("readInlined (issue 12 §4)", () => {
  it("maps each SWR key to the edge's answer", () => {
    const page = api.page("/1001", 1, "position");
    inline(JSON.stringify({ [page]: { resolution: { id: "1001" } }, [api.navigation]: { id: "root", children: [] } }));
    const inlined = readInlined(document);
    expect([...inlined.keys()]).toEqual(["/api/page?url=%2F1001", "/api/navigation"]);
    expect(inlined.get(page)).toEqual({ resolution: { id: "1001" } });
  });

  it("reads the edge's escaped `<` back as `<`", () => {
    inline(`{"/api/driver": {"driver": "\\u003c/script>"}}`);
    expect(readInlined(document).get(api.driver)).toEqual({ driver: "</script>" });
  });

  it("leaves out null answers (SWR would show them as data)", () => {
    inline(JSON.stringify({ [api.driver]: null, [api.categories]: [] }));
    expect([...readInlined(document).keys()]).toEqual([api.categories]);
  });

  it.each([
    ["no script", null, ""],
    ["an empty script", "", 'type="application/json" id="vitrine-data"'],
    ["malformed JSON", "{", 'type="application/json" id="vitrine-data"'],
    ["an array", "[1]", 'type="application/json" id="vitrine-data"'],
    ["a string", '"x"', 'type="application/json" id="vitrine-data"'],
    ["another script type", '{"/api/driver": {}}', 'type="text/plain" id="vitrine-data"'],
    ["another id", '{"/api/driver": {}}', 'type="application/json" id="other"'],
  ])("%s is no data", (_, text, attrs) => {
    if (text !== null) inline(text, attrs);
    expect(readInlined(document).size).toBe(0);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { carryPaintedSearch, watchPaintedSearch } from "./paintedSearch";

/** The edge's box (with `value` as written) and, later, the app's. */
function boxes(written: string) {
  document.body.innerHTML = `<div id="root"><input id="search-box" name="q" value="${written}"></div>`;
  const root = document.getElementById("root") as HTMLElement;
  const painted = document.getElementById("search-box") as HTMLInputElement;
  const takeOver = (appValue: string) => {
    root.innerHTML = `<input name="q" value="${appValue}">`;
    return root.querySelector("input") as HTMLInputElement;
  };
  return { painted, takeOver };
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the first paint's search box", () => {
  it("hands what was typed, the caret and the focus to the app's box", () => {
    const { painted, takeOver } = boxes("");
    watchPaintedSearch();
    painted.focus();
    painted.value = "blue shirt";
    painted.setSelectionRange(4, 4);
    const app = takeOver("");
    carryPaintedSearch(app);
    expect([app.value, document.activeElement === app, app.selectionStart]).toEqual(["blue shirt", true, 4]);
  });

  it("leaves the app's box alone when nothing was typed or focused, and carries once", async () => {
    const { painted, takeOver } = boxes("shirt");
    watchPaintedSearch();
    painted.focus();
    painted.blur();
    await Promise.resolve();
    const app = takeOver("shirt");
    carryPaintedSearch(app);
    expect([app.value, document.activeElement === app]).toEqual(["shirt", false]);
    app.value = "later";
    carryPaintedSearch(app);
    expect(app.value).toBe("later");
  });

  it("does nothing on a page the edge did not write", () => {
    document.body.innerHTML = `<div id="root"><input name="q"></div>`;
    watchPaintedSearch();
    const app = document.querySelector("input") as HTMLInputElement;
    carryPaintedSearch(app);
    expect(app.value).toBe("");
  });
});

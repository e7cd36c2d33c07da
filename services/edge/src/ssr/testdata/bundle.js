// A hand-written stand-in for the SSR bundle (frontend/dist-ssr/entry-server.js): the same
// global, `VitrineSsr.render(url, inlinedJson)`, with an address for each way a render ends.
globalThis.VitrineSsr = {
  render(url, data) {
    const path = url.split("?")[0];
    if (path === "/throw") throw new Error("no such component");
    if (path === "/loop") for (;;) {}
    if (path === "/huge") {
      const held = [];
      for (;;) held.push(new Array(100000).fill(path));
    }
    if (path === "/slow") {
      const until = Date.now() + Number(url.split("ms=")[1]);
      while (Date.now() < until) {}
    }
    // Counts renders in this runtime: a rebuilt runtime starts again at 1.
    if (path === "/count") return String((globalThis.renders = (globalThis.renders || 0) + 1));
    const inlined = JSON.parse(data);
    return `<main data-url="${url}">${inlined.heading}</main>`;
  },
};

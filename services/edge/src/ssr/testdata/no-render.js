// Evaluates, but sets no `VitrineSsr.render`: not a bundle the edge can use.
globalThis.VitrineSsr = {};

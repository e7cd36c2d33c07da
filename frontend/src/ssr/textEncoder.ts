// React 18's server renderer builds a `TextEncoder` when its module loads (its streaming
// half needs one; `renderToString` never calls it), and whatwg-url (ssr/url.ts) a
// `TextDecoder`. An embedded engine such as QuickJS has neither, so the server entry
// brings these: UTF-8 only (the encoder's only encoding; the decoder's only use here).
// Imported first by entry-server.tsx, so they are in place before those modules run.

/** UTF-8 bytes of `input`; a lone surrogate becomes U+FFFD, as the standard says. */
export function utf8(input: string): Uint8Array {
  const bytes: number[] = [];
  for (const ch of input) {
    let c = ch.codePointAt(0) ?? 0xfffd;
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return new Uint8Array(bytes);
}

class Utf8Encoder {
  readonly encoding = "utf-8";
  encode(input = ""): Uint8Array {
    return utf8(input);
  }
}

/**
 * The text of UTF-8 `bytes`, by the Encoding standard's decoder: each malformed sequence
 * (its longest valid start) becomes one U+FFFD.
 */
export function fromUtf8(bytes: Uint8Array): string {
  let out = "";
  let [needed, seen, point, lower, upper] = [0, 0, 0, 0x80, 0xbf];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (needed === 0) {
      if (b <= 0x7f) out += String.fromCharCode(b);
      else if (b >= 0xc2 && b <= 0xdf) [needed, point] = [1, b & 0x1f];
      else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0;
        if (b === 0xed) upper = 0x9f;
        [needed, point] = [2, b & 0x0f];
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90;
        if (b === 0xf4) upper = 0x8f;
        [needed, point] = [3, b & 0x07];
      } else out += "\ufffd";
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence ends here; this byte starts afresh.
      [needed, seen, point, lower, upper] = [0, 0, 0, 0x80, 0xbf];
      out += "\ufffd";
      i--;
      continue;
    }
    [lower, upper] = [0x80, 0xbf];
    point = (point << 6) | (b & 0x3f);
    if (++seen === needed) {
      out += String.fromCodePoint(point);
      [needed, seen, point] = [0, 0, 0];
    }
  }
  return needed === 0 ? out : `${out}\ufffd`;
}

class Utf8Decoder {
  readonly encoding = "utf-8";
  decode(input?: ArrayBufferView | ArrayBuffer): string {
    if (!input) return "";
    const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    return fromUtf8(bytes);
  }
}

if (typeof globalThis.TextDecoder === "undefined") {
  (globalThis as { TextDecoder?: unknown }).TextDecoder = Utf8Decoder;
}
if (typeof globalThis.TextEncoder === "undefined") {
  (globalThis as { TextEncoder?: unknown }).TextEncoder = Utf8Encoder;
}

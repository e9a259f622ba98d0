// ChartwrightError: what every call of the package throws when the rules,
// the chart or the arguments are wrong. `diagnostics` is the same document
// as `ruleset.check()` returns: `{ schema, diagnostics: [{ code, severity,
// message, help, source, labels: [{ start, end, line, column, ... }] }] }`.
// The WebAssembly module constructs it (web/src/bindings.rs imports it by
// this file's name).
export class ChartwrightError extends Error {
  constructor(message, diagnostics) {
    super(message);
    this.name = "ChartwrightError";
    this.diagnostics = diagnostics;
  }

  /** The first diagnostic's code (`chartwright::roll::unknown_name`), or null. */
  get code() {
    return this.diagnostics?.diagnostics?.[0]?.code ?? null;
  }
}

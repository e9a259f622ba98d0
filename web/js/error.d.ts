import type { Diagnostics } from "./chartwright_web.js";

/** What every call throws when the rules, the chart or the arguments are wrong. */
export declare class ChartwrightError extends Error {
  constructor(message: string, diagnostics: Diagnostics);
  /** The same document as `ruleset.check()` returns. */
  readonly diagnostics: Diagnostics;
  /** The first diagnostic's code (`chartwright::roll::unknown_name`), or null. */
  readonly code: string | null;
}

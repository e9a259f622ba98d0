"""Patches a copy of the peers harness's chartwright adapter (its `src/`
folder, the one argument) to the library's current API. The adapter was
written against the first `Odds` API, and a copy may already carry an
earlier patch: each rule accepts both forms.

- An outcome's text is a `Shared<str>`, its probability a
  `chartwright::Probability`; the adapter digests it as a `BigRational`
  made from the exact parts (`numer`, `denom`).
- `Odds` and `OddsOutcome` are `#[non_exhaustive]`: the merged marginal of
  a pool is built with `Odds::new` and `OddsOutcome::new`.
- `SourceId` is at the crate's top and made with `SourceId::new`.
"""
import re
import sys

src = sys.argv[1]


def patch(name, rules):
    path = f"{src}/{name}"
    text = open(path).read()
    for pattern, replacement in rules:
        text = re.sub(pattern, replacement, text)
    open(path, "w").write(text)


patch("main.rs", [
    (r"chartwright::OddsOutcome \{ outcome: k\.to_string\(\)(\.into\(\))?, probability: p(, path: Default::default\(\))? \}",
     "chartwright::OddsOutcome::new(k.to_string(), p)"),
    (r"Odds \{\s*chart: odds\.chart,\s*outcomes: (acc[\s\S]*?\.collect\(\)),\s*\}",
     r"Odds::new(odds.chart, \1)"),
    (r"let mut acc: Vec<\(i64, BigRational\)> = Vec::new\(\);",
     "let mut acc: Vec<(i64, chartwright::Probability)> = Vec::new();"),
    (r"\.map\(\|o\| \(o\.outcome\.(clone|to_string)\(\), o\.probability\.(clone|to_big)\(\)\)\)",
     ".map(|o| (o.outcome.to_string(), BigRational::new(o.probability.numer().into(), o.probability.denom().into())))"),
])
patch("parse.rs", [
    (r"use chartwright::span::SourceId;", "use chartwright::SourceId;"),
    (r"\bSourceId\((\d+)\)", r"SourceId::new(\1)"),
])

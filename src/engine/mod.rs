//! The engine stage: a compiled chart, a set of choices → a roll and its
//! trace, or the exact odds.
//!
//! `choices` parses what the user chose; `bind` settles those choices once
//! against the tree (with `env` evaluating expressions, `column` picking a
//! `columns by` table's column and `ladder` moving a ladder's start);
//! `prebound` is what every binding of a chart shares, made once
//! compiled; `read` turns natural dice into an outcome; `dice` rolls one group of
//! dice (where faces come from; keep, rerolls, explosions, `d66`); `sample`
//! rolls (an opposed roll's sides that roll a chart read their results in
//! `sides`; its result and trace types are `trace`, their shared texts
//! `trace_text`), `quick` rolls
//! without a trace, and `odds` counts exact fractions. `budget` meters the
//! work, `totals` proves every total a plan reads fits an `i64`, and `error` is a [`RollError`](error::RollError).

pub(crate) mod bind;
pub(crate) mod budget;
pub(crate) mod choices;
pub(crate) mod column;
pub(crate) mod column_roll;
pub(crate) mod dice;
pub(crate) mod env;
pub(crate) mod error;
pub(crate) mod ladder;
pub(crate) mod odds;
pub(crate) mod prebound;
pub(crate) mod quick;
pub(crate) mod read;
pub(crate) mod sample;
pub(crate) mod sides;
pub(crate) mod totals;
pub(crate) mod trace;
pub(crate) mod trace_text;

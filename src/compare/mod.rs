//! The compare stage: a variant's effect, as the difference of exact odds.
//!
//! `diff` pairs one chart's odds in a base and a variant for one situation
//! ([`OddsDiff`](diff::OddsDiff)); `across` does it over all of a chart's
//! situations.

pub mod across;
pub(crate) mod change;
mod class_index;
pub mod classes;
pub mod diff;
mod fed;
pub mod grids;
mod net_search;
mod uses;

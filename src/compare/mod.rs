//! The compare stage: a variant's effect, as the difference of exact odds.
//!
//! `pairing` pairs a base game with its variant and a chart with its
//! counterpart ([`Pairing`](pairing::Pairing)), failing with a
//! [`PairError`](error::PairError); `diff` pairs one chart's odds in a base
//! and a variant for one situation ([`OddsDiff`](diff::OddsDiff)); `across`
//! does it over all of a chart's situations.

pub mod across;
mod class_index;
pub mod classes;
pub mod diff;
pub mod error;
mod fed;
pub mod grids;
mod net_search;
pub mod pairing;
mod uses;

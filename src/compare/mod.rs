//! Comparing a base and a variant: a variant's effect, as the difference of
//! exact odds.
//!
//! [`Pairing`] pairs a base game with its variant and a chart with its
//! counterpart, failing with a [`PairError`]; [`OddsDiff`] pairs one
//! chart's odds in a base and a variant for one situation, outcome by
//! outcome, each change a [`ProbabilityChange`]; [`across`] does it over
//! one situation of every situation class of a chart
//! ([`situation_classes`]: the situations the chart reads alike), and ranks
//! the classes by how much they change; [`grid_changes`] lists the cells a
//! variant changed in a grid.
//!
//! ```
//! use chartwright::compare::{across, OddsDiff};
//! use chartwright::{Choices, Ruleset};
//! let base = Ruleset::from_file("first_echelon").unwrap();
//! let mud = Ruleset::from_str("mud", r#"
//!     variant "Mud" of first_echelon version "1"
//!     change bog_down.tracked +1
//! "#).unwrap();
//! let (b, v) = (base.chart("bog_down").unwrap(), mud.chart("bog_down").unwrap());
//! let diff = OddsDiff::compare(&b, &v, &Choices::parse("tracked").unwrap()).unwrap();
//! assert_eq!(diff.outcomes[0].delta().to_string(), "-1/10");
//! let all = across(&b, &v, &Choices::none(), 100).unwrap();
//! assert!(all.changed().count() > 0);
//! ```

pub(crate) mod across;
mod alike;
pub(crate) mod change;
mod class_index;
pub(crate) mod classes;
mod coverage;
pub(crate) mod diff;
pub(crate) mod error;
mod fed;
pub(crate) mod grids;
mod net_search;
pub(crate) mod pairing;
pub(crate) mod uses;

pub use across::{across, across_in, Across, ClassDiff};
pub use change::ProbabilityChange;
pub use classes::{input_steps, situation_classes, typical_situation, Classes, SituationClass};
pub use coverage::Coverage;
pub use diff::{merged_order, OddsDiff, OutcomeDiff};
pub use error::PairError;
pub use grids::{grid_changes, CellChange};
pub use pairing::{GameSide, Pairing};

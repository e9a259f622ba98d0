//! The library's integration tests, one crate: every bundled chart against
//! its sheet, exact odds, diagnostics, budgets and limits, variants, and a
//! host that embeds the library without the CLI.

mod common;

mod again;
mod budgets;
mod classes;
mod classes_grids;
mod column_dice;
mod columns;
mod diagnostics;
mod dice_faces;
mod diff_claims;
mod engines_agree;
mod extremes;
mod format;
mod generated;
mod groups;
mod host;
mod ladders;
mod layout;
mod library_surface;
mod names;
mod notation;
mod odds;
mod outline;
mod params;
mod printed;
mod public_api;
mod quick;
mod reference;
mod report;
mod robustness;
mod sheet_battalion_combat_series;
mod sheet_cold_war_quick_reference;
mod sheet_command_decision;
mod sheet_first_echelon;
mod sheet_guns_of_august;
mod sheet_ogre;
mod shift_tables;
mod shifts;
mod show;
mod sides;
mod sweeps;
mod text;
mod variants;

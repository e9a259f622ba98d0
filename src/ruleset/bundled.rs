//! The games shipped in `rules/`, embedded in the binary so they can be
//! named by their short name (`first_echelon`) from any folder.

const BUNDLED: &[(&str, &str)] = &[
    (
        "first_echelon",
        include_str!("../../rules/first_echelon.rules"),
    ),
    (
        "battalion_combat_series",
        include_str!("../../rules/battalion_combat_series.rules"),
    ),
    (
        "command_decision",
        include_str!("../../rules/command_decision.rules"),
    ),
    (
        "cold_war_quick_reference",
        include_str!("../../rules/cold_war_quick_reference.rules"),
    ),
    ("ogre", include_str!("../../rules/ogre.rules")),
    (
        "guns_of_august",
        include_str!("../../rules/guns_of_august.rules"),
    ),
];

/// The text of a bundled game.
pub(crate) fn get(name: &str) -> Option<&'static str> {
    BUNDLED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The bundled games' short names.
pub fn names() -> impl Iterator<Item = &'static str> {
    BUNDLED.iter().map(|(n, _)| *n)
}

/// The `.rules` text of a bundled game, to start a variant from.
///
/// ```
/// let text = chartwright::bundled::source("first_echelon").unwrap();
/// assert!(text.contains("table bog_down"));
/// ```
#[must_use]
pub fn source(name: &str) -> Option<&'static str> {
    get(name)
}

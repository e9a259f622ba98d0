//! A variant's sheet says what it is: under its title, the plain game it
//! starts from (title and version), and its house rules named by the
//! variant's title rather than its file's name.

use crate::ruleset::ChartRef;

/// The plain game a variant's charts start from, as `(title, version)`:
/// `None` when none of `charts` of `game` is a variant's.
pub(super) fn base_of(charts: &[ChartRef<'_>], game: &str) -> Option<(String, String)> {
    charts
        .iter()
        .filter(|c| c.game() == game)
        .find_map(ChartRef::variant_base)
        .and_then(|base| {
            let info = base.games().next()?;
            Some((info.title.to_owned(), info.version.to_owned()))
        })
}

/// The title of the game `c` belongs to, else its short name.
pub(super) fn game_title<'r>(c: &ChartRef<'r>) -> &'r str {
    c.ruleset()
        .games()
        .find(|g| g.name == c.game())
        .map_or(c.game(), |g| g.title)
}

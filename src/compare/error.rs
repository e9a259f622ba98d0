//! [`PairError`]: why a base and a variant cannot be paired for a
//! comparison. These errors name games and charts, not places in a
//! source, so they carry no span; each has a stable code and help.

/// Why a [`Pairing`](super::pairing::Pairing) of a base and a variant, or
/// of one of their charts, cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, miette::Diagnostic)]
#[non_exhaustive]
pub enum PairError {
    /// A side's rules hold no game or several, where a comparison takes one.
    #[error("the {side} must be one game; these rules hold {}: {}", games.len(), games.join(", "))]
    #[diagnostic(
        code(chartwright::compare::not_one_game),
        help("give the {side} as one game: a `.rules` file of its own, or a bundled game's name")
    )]
    NotOneGame {
        /// Which side: `base` or `variant`.
        side: &'static str,
        /// The games its rules hold, by short name.
        games: Vec<String>,
    },

    /// A side named by a game that is not loaded.
    #[error("no loaded game `{name}`")]
    #[diagnostic(
        code(chartwright::compare::unknown_game),
        help("{}", game_help(suggestion.as_deref(), loaded))
    )]
    UnknownGame {
        /// The name given.
        name: String,
        /// The closest loaded game's name.
        suggestion: Option<String>,
        /// Every loaded game, by short name.
        loaded: Vec<String>,
    },

    /// A chart neither side has.
    #[error("neither `{base}` nor `{variant}` has a chart `{name}`")]
    #[diagnostic(
        code(chartwright::compare::unknown_chart),
        help("{}", suggestion.as_ref().map_or_else(
            || "`list` shows every chart".to_owned(),
            |s| format!("did you mean `{s}`?"),
        ))
    )]
    UnknownChart {
        /// The chart's name as given.
        name: String,
        /// The base game.
        base: String,
        /// The variant game.
        variant: String,
        /// The closest name of a chart either side rolls.
        suggestion: Option<String>,
    },

    /// A chart only the variant has.
    #[error("`{name}` is new in `{variant}`: the base has no such chart to compare with")]
    #[diagnostic(
        code(chartwright::compare::new_chart),
        help("`odds` gives its odds in the variant alone")
    )]
    NewChart {
        /// The chart.
        name: String,
        /// The variant game.
        variant: String,
    },

    /// A chart the variant removed: only the base has it.
    #[error("`{name}` is removed by `{variant}`: only the base has it")]
    #[diagnostic(
        code(chartwright::compare::removed_chart),
        help("`odds` gives its odds in the base alone")
    )]
    RemovedChart {
        /// The chart.
        name: String,
        /// The variant game.
        variant: String,
    },
}

/// The help of [`PairError::UnknownGame`]: the closest name, then the
/// games there are.
fn game_help(suggestion: Option<&str>, loaded: &[String]) -> String {
    let close = suggestion.map_or_else(String::new, |s| format!("did you mean `{s}`? "));
    if loaded.is_empty() {
        format!("{close}no game is loaded")
    } else {
        format!("{close}the games loaded: {}", loaded.join(", "))
    }
}

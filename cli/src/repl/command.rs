//! Parsing a typed line into a [`Command`]. Pure: it needs no rules, so a
//! word that is not a command is taken for a chart to roll, and the state
//! decides whether it is one.

/// A command word with what it does, for `help` and completion.
pub struct Spec {
    /// What is typed.
    pub name: &'static str,
    /// The arguments it takes.
    pub usage: &'static str,
    /// One line.
    pub summary: &'static str,
    /// More, for `help COMMAND`.
    pub detail: &'static str,
    /// An example line.
    pub example: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        name: "roll",
        usage: "roll CHART [MODIFIER | NAME=VALUE | +N | -N ...]",
        summary: "roll a chart and show why it came out as it did",
        detail: "Rolls the dice, applies every modifier named (with its label and sign), \
                 reads the row and shows the outcome, then any follow-up rolls indented \
                 under it. Name flags alone (`tracked`), give parameters and choices as \
                 `name=value`, and add a loose net modifier as `+N` or `-N`. Typing a chart \
                 name alone rolls it too. Qualify a name by its game when several games \
                 have it: `first_echelon.bog_down`.",
        example: "roll bog_down tracked bog_down_rating=-1",
    },
    Spec {
        name: "odds",
        usage: "odds CHART [MODIFIER | NAME=VALUE ...] [--sweep A..B | --sweep NAME=A..B | --sweep NAME | --outcome GROUP]",
        summary: "the exact odds of every outcome",
        detail: "Computes the exact probability of each outcome for the choices given. \
                 With `--sweep A..B`, shows the odds against an extra net modifier from \
                 A to B, one column each; with `--sweep NAME=A..B`, against the parameter \
                 NAME from A to B; with `--sweep NAME`, at each value of NAME that \
                 changes them. `--outcome GROUP`, last on the line, adds the odds of a \
                 group of outcomes: `--outcome any of KIA, K/1`, `--outcome at least 2`.",
        example: "odds manoeuvre unit_rating=veteran order_status=suppressed --sweep -2..2",
    },
    Spec {
        name: "diff",
        usage:
            "diff BASE VARIANT [CHART [MODIFIER | NAME=VALUE ...]] [--across] [--sweep NAME=A..B] [--json] [--html FILE]",
        summary: "what a variant does to the odds, against its base",
        detail: "Compares two loaded games, a base and a variant of it. With a chart, shows \
                 each outcome's exact odds in both and the change in percentage points; \
                 `--across` ranks every situation of the chart by its largest change, and \
                 `--sweep NAME=A..B` shows the change for each value of a parameter. \
                 Without a chart, lists every chart that differs, with its largest change. \
                 `--json` prints the same as JSON (docs/json.md); `--html FILE` also writes \
                 the comparison page (bars side by side) to FILE, with `--across` every \
                 situation of the chart ranked.",
        example: "diff first_echelon mud_season bog_down tracked",
    },
    Spec {
        name: "again",
        usage: "again",
        summary: "roll the last roll again, with new dice",
        detail: "Repeats the last `roll` (or chart typed alone) with the same chart and \
                 choices, and fresh dice.",
        example: "again",
    },
    Spec {
        name: "show",
        usage: "show CHART",
        summary: "show a chart as a table, as on the sheet",
        detail: "Prints the chart as a readable table: its dice, modifiers and rows.",
        example: "show bog_down",
    },
    Spec {
        name: "list",
        usage: "list [GAME]",
        summary: "list the charts with their dice, modifiers and parameters",
        detail: "Lists every chart of every loaded game, or of one game, with what each \
                 takes at roll time.",
        example: "list first_echelon",
    },
    Spec {
        name: "games",
        usage: "games",
        summary: "list the loaded games with their titles and versions",
        detail: "Lists each loaded game: its short name, title, version and how many \
                 charts it has.",
        example: "games",
    },
    Spec {
        name: "load",
        usage: "load RULES...",
        summary: "load more games: a .rules file, a folder, or a bundled game",
        detail: "Adds games to those loaded. If the new rules have errors, they are shown \
                 and the games already loaded stay as they were.",
        example: "load my_game.rules",
    },
    Spec {
        name: "reload",
        usage: "reload",
        summary: "read every loaded file again",
        detail: "Reads every loaded file again, to pick up edits. If any now has errors, \
                 they are shown and the last good rules stay loaded.",
        example: "reload",
    },
    Spec {
        name: "test",
        usage: "test",
        summary: "check every `expect` line of the loaded games",
        detail: "Checks the expectations the loaded rules files state (`expect CHART ... \
                 => \"Outcome\" N/D`) and shows each that fails on its `expect` line.",
        example: "test",
    },
    Spec {
        name: "seed",
        usage: "seed [N]",
        summary: "reseed the dice (same seed, same rolls), or show the seed",
        detail: "Reseeds the dice with N: the same seed gives the same rolls everywhere. \
                 Without N, shows the seed in use.",
        example: "seed 42",
    },
    Spec {
        name: "history",
        usage: "history",
        summary: "the commands typed since the REPL started, numbered",
        detail: "Lists the commands typed since the REPL started, oldest first. Arrow keys and \
                 Ctrl-R recall commands from earlier runs too.",
        example: "history",
    },
    Spec {
        name: "help",
        usage: "help [COMMAND]",
        summary: "list the commands, or explain one",
        detail: "Without a command, lists them all; with one, explains it with an example.",
        example: "help roll",
    },
    Spec {
        name: "quit",
        usage: "quit",
        summary: "leave (Ctrl-D does too)",
        detail: "Leaves the REPL. `exit` and Ctrl-D do the same; Ctrl-C only cancels the \
                 line being typed.",
        example: "quit",
    },
];

/// Finds a command's spec by name (or alias).
pub fn spec(name: &str) -> Option<&'static Spec> {
    let name = if name == "exit" { "quit" } else { name };
    COMMANDS.iter().find(|s| s.name == name)
}

/// A word of the line, with its byte offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The text.
    pub text: String,
    /// Byte offset of its start in the line.
    pub start: usize,
    /// Byte offset just past its end.
    pub end: usize,
}

/// A chart to roll (or compute the odds of) and the rest of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartArgs {
    /// The chart's name, as typed.
    pub chart: Word,
    /// The choices' text: the line from `args_at` on, with loose modifiers
    /// and `--sweep` blanked out so offsets still match the line.
    pub args: String,
    /// Where `args` starts in the line.
    pub args_at: usize,
    /// Loose net modifiers (`+2`, `-1`), summed.
    pub extra: i64,
}

/// A parsed line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A blank line or a comment.
    Empty,
    /// `help [COMMAND]`.
    Help(Option<Word>),
    /// `load RULES...`.
    Load(Vec<Word>),
    /// `reload`.
    Reload,
    /// `test`.
    Test,
    /// `games`.
    Games,
    /// `list [GAME]`.
    List(Option<Word>),
    /// `show CHART`.
    Show(Word),
    /// `roll CHART ...`.
    Roll(ChartArgs),
    /// A chart typed alone (or an unknown word): roll it.
    Chart(ChartArgs),
    /// `odds CHART ... [--sweep A..B]`.
    Odds(ChartArgs, Option<(i64, i64)>),
    /// `odds CHART ... --outcome GROUP`: the odds and a group's.
    OddsOf(ChartArgs, chartwright::OutcomeGroup),
    /// `odds CHART ... --sweep NAME=A..B`: over a named parameter.
    OddsSweep(ChartArgs, String, i64, i64),
    /// `odds CHART ... --sweep NAME`: at each value of NAME that changes
    /// the odds.
    OddsSteps(ChartArgs, String),
    /// `diff BASE VARIANT [CHART ...] [--across] [--sweep NAME=A..B]
    /// [--json] [--html FILE]`: the
    /// words after `diff`.
    Diff(Vec<Word>),
    /// `seed [N]`.
    Seed(Option<u64>),
    /// `again`.
    Again,
    /// `history`.
    History,
    /// `quit`, `exit`.
    Quit,
}

/// A line that does not parse, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError {
    /// What is wrong.
    pub message: String,
    /// Byte offsets into the line.
    pub start: usize,
    /// End of the span.
    pub end: usize,
    /// What to do instead.
    pub help: Option<String>,
}

impl CommandError {
    fn at(word: &Word, message: impl Into<String>, help: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            start: word.start,
            end: word.end,
            help: Some(help.into()),
        }
    }
}

/// Splits a line into words at whitespace, keeping byte offsets.
pub fn words(line: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in line.char_indices() {
        if c.is_whitespace() {
            if let Some(s) = start.take() {
                out.push(Word {
                    text: line[s..i].to_string(),
                    start: s,
                    end: i,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push(Word {
            text: line[s..].to_string(),
            start: s,
            end: line.len(),
        });
    }
    out
}

fn usage_help(name: &str) -> String {
    spec(name).map_or_else(String::new, |s| format!("usage: {}", s.usage))
}

fn no_args(name: &str, words: &[Word], cmd: Command) -> Result<Command, CommandError> {
    match words.get(1) {
        None => Ok(cmd),
        Some(w) => Err(CommandError::at(
            w,
            format!("`{name}` takes no arguments"),
            usage_help(name),
        )),
    }
}

fn at_most_one(name: &str, words: &[Word]) -> Result<Option<Word>, CommandError> {
    match words.get(2) {
        Some(w) => Err(CommandError::at(
            w,
            format!("`{name}` takes one argument at most"),
            usage_help(name),
        )),
        None => Ok(words.get(1).cloned()),
    }
}

fn need_chart<'w>(name: &str, words: &'w [Word]) -> Result<&'w Word, CommandError> {
    words.get(1).ok_or_else(|| {
        CommandError::at(
            &words[0],
            format!("`{name}` needs a chart name"),
            format!("{}; `list` shows the charts", usage_help(name)),
        )
    })
}

/// `+2`, `-1`: a loose net modifier.
fn loose_modifier(word: &str) -> Option<i64> {
    let rest = word.strip_prefix('+').or_else(|| word.strip_prefix('-'))?;
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    word.parse::<i64>().ok()
}

fn blank(text: &mut String, start: usize, end: usize) {
    text.replace_range(start..end, &" ".repeat(end - start));
}

/// The chart and the rest of the line; loose modifiers taken out.
fn chart_args(line: &str, chart: &Word, rest: &[Word]) -> Result<ChartArgs, CommandError> {
    let args_at = chart.end;
    let mut args = line[args_at..].to_string();
    let mut extra: i64 = 0;
    for w in rest {
        if let Some(v) = loose_modifier(&w.text) {
            extra = extra
                .checked_add(v)
                .filter(|x| x.unsigned_abs() <= chartwright::MAX_LOOSE_MODIFIER.unsigned_abs())
                .ok_or_else(|| {
                    CommandError::at(
                        w,
                        "this modifier is too large",
                        "give a modifier such as +2 or -1",
                    )
                })?;
            blank(&mut args, w.start - args_at, w.end - args_at);
        } else if w.text.starts_with(['+', '-']) && w.text.len() > 1 && !w.text.starts_with("--") {
            return Err(CommandError::at(
                w,
                format!("`{}` is not a modifier", w.text),
                "a loose modifier is a sign and a whole number: +2, -1",
            ));
        }
    }
    Ok(ChartArgs {
        chart: chart.clone(),
        args,
        args_at,
        extra,
    })
}

fn parse_range(text: &str) -> Option<(i64, i64)> {
    let (a, b) = text.split_once("..")?;
    let (a, b): (i64, i64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    // How many values a sweep may take is the library's `max_sweep_points`.
    (a <= b).then_some((a, b))
}

/// `--outcome GROUP`: the group, which runs to the end of the line, and
/// where the option starts; `None` without one.
fn outcome_group(
    line: &str,
    rest: &[Word],
) -> Result<Option<(chartwright::OutcomeGroup, usize)>, CommandError> {
    let Some(at) = rest.iter().position(|w| w.text == "--outcome") else {
        return Ok(None);
    };
    let option = &rest[at];
    let Some(first) = rest.get(at + 1) else {
        return Err(CommandError::at(
            option,
            "`--outcome` needs a group of outcomes",
            "write `--outcome any of KIA, K/1` or `--outcome at least 2`, last on the line",
        ));
    };
    let text = line[first.start..].trim_end();
    let group = text
        .parse()
        .map_err(|e: chartwright::GroupError| CommandError {
            message: e.to_string(),
            start: first.start,
            end: first.start + text.len(),
            help: Some(
                "write `any of KIA, K/1`, `at least 2`, `at most 1`, or one outcome; \
             `--outcome` goes last on the line"
                    .into(),
            ),
        })?;
    Ok(Some((group, at)))
}

/// `odds CHART ... --outcome GROUP`, when the line has `--outcome`.
fn odds_of(line: &str, chart: &Word, rest: &[Word]) -> Result<Option<Command>, CommandError> {
    let Some((group, at)) = outcome_group(line, rest)? else {
        return Ok(None);
    };
    if let Some(w) = rest[..at].iter().find(|w| w.text.starts_with("--")) {
        return Err(CommandError::at(
            w,
            format!("`{}` does not go with `--outcome`", w.text),
            "ask for a group of outcomes or a sweep, not both",
        ));
    }
    let start = rest[at].start;
    let mut ca = chart_args(line, chart, &rest[..at])?;
    blank(&mut ca.args, start - ca.args_at, line.len() - ca.args_at);
    Ok(Some(Command::OddsOf(ca, group)))
}

fn odds(line: &str, words: &[Word]) -> Result<Command, CommandError> {
    let chart = need_chart("odds", words)?;
    let mut rest: Vec<Word> = words[2..].to_vec();
    if let Some(command) = odds_of(line, chart, &rest)? {
        return Ok(command);
    }
    let mut sweep = None;
    let mut blanked: Vec<(usize, usize)> = Vec::new();
    let mut named = None;
    let mut steps: Option<String> = None;
    let mut i = 0;
    while i < rest.len() {
        let w = &rest[i];
        let (range, span_end, take) = if w.text == "--sweep" {
            let Some(next) = rest.get(i + 1) else {
                return Err(CommandError::at(
                    w,
                    "`--sweep` needs a range",
                    "write `--sweep A..B`, such as `--sweep -3..3`",
                ));
            };
            (next.text.clone(), next.end, 2)
        } else if let Some(r) = w.text.strip_prefix("--sweep=") {
            (r.to_string(), w.end, 1)
        } else if w.text.starts_with("--") {
            return Err(CommandError::at(
                w,
                format!("`{}` is not an option of `odds`", w.text),
                "the options are `--sweep A..B` and `--outcome GROUP`",
            ));
        } else {
            i += 1;
            continue;
        };
        if sweep.is_some() || steps.is_some() {
            return Err(CommandError::at(
                w,
                "`--sweep` is given twice",
                "give one range",
            ));
        }
        // A name alone: each value of it that changes the odds.
        if !range.is_empty()
            && range.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !range.starts_with(|c: char| c.is_ascii_digit())
        {
            steps = Some(range.clone());
            blanked.push((w.start, span_end));
            rest.drain(i..i + take);
            continue;
        }
        if let Some((name, r)) = range.split_once('=') {
            let (a, b) = parse_range(r)
                .filter(|_| {
                    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                })
                .ok_or_else(|| CommandError {
                    message: format!("`{range}` is not a parameter and a range"),
                    start: w.start,
                    end: span_end,
                    help: Some(
                        "write `--sweep NAME=A..B` with A <= B, such as \
                         `--sweep bog_down_rating=-3..3`"
                            .into(),
                    ),
                })?;
            named = Some((name.to_owned(), a, b));
            sweep = Some((a, b));
            blanked.push((w.start, span_end));
            rest.drain(i..i + take);
            continue;
        }
        let (a, b) = parse_range(&range).ok_or_else(|| CommandError {
            message: format!("`{range}` is not a range"),
            start: w.start,
            end: span_end,
            help: Some("write `--sweep A..B` with A <= B, such as `--sweep -3..3`".into()),
        })?;
        sweep = Some((a, b));
        blanked.push((w.start, span_end));
        rest.drain(i..i + take);
    }
    let mut ca = chart_args(line, chart, &rest)?;
    for (s, e) in blanked {
        blank(&mut ca.args, s - ca.args_at, e - ca.args_at);
    }
    if let Some((name, a, b)) = named {
        return Ok(Command::OddsSweep(ca, name, a, b));
    }
    if let Some(name) = steps {
        return Ok(Command::OddsSteps(ca, name));
    }
    Ok(Command::Odds(ca, sweep))
}

/// Parses a typed line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let words = words(line);
    let Some(first) = words.first() else {
        return Ok(Command::Empty);
    };
    if first.text.starts_with('#') {
        return Ok(Command::Empty);
    }
    match first.text.as_str() {
        "help" | "?" => Ok(Command::Help(at_most_one("help", &words)?)),
        "load" => {
            if words.len() < 2 {
                return Err(CommandError::at(
                    first,
                    "`load` needs a file, folder or bundled game",
                    format!(
                        "usage: load RULES...; bundled games: {}",
                        chartwright::bundled::names().collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
            Ok(Command::Load(words[1..].to_vec()))
        }
        "reload" => no_args("reload", &words, Command::Reload),
        "test" => no_args("test", &words, Command::Test),
        "games" => no_args("games", &words, Command::Games),
        "list" | "ls" => Ok(Command::List(at_most_one("list", &words)?)),
        "show" => {
            let chart = need_chart("show", &words)?;
            if let Some(w) = words.get(2) {
                return Err(CommandError::at(
                    w,
                    "`show` takes one chart",
                    usage_help("show"),
                ));
            }
            Ok(Command::Show(chart.clone()))
        }
        "roll" | "r" => {
            let chart = need_chart("roll", &words)?;
            Ok(Command::Roll(chart_args(line, chart, &words[2..])?))
        }
        "odds" => odds(line, &words),
        "diff" => {
            if words.len() < 3 {
                return Err(CommandError::at(
                    &words[0],
                    "`diff` needs a base game and a variant",
                    format!("{}; `games` shows the loaded games", usage_help("diff")),
                ));
            }
            Ok(Command::Diff(words[1..].to_vec()))
        }
        "seed" => match at_most_one("seed", &words)? {
            None => Ok(Command::Seed(None)),
            Some(w) => w
                .text
                .parse::<u64>()
                .map(|n| Command::Seed(Some(n)))
                .map_err(|_| {
                    CommandError::at(
                        &w,
                        format!("`{}` is not a seed", w.text),
                        format!(
                            "give a whole number from 0 to {}, such as `seed 42`",
                            u64::MAX
                        ),
                    )
                }),
        },
        "again" => no_args("again", &words, Command::Again),
        "history" => no_args("history", &words, Command::History),
        "quit" | "exit" => no_args("quit", &words, Command::Quit),
        _ => Ok(Command::Chart(chart_args(line, first, &words[1..])?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(line: &str) -> ChartArgs {
        match parse(line) {
            Ok(Command::Roll(c) | Command::Chart(c)) => c,
            other => panic!("{line:?} parsed as {other:?}"),
        }
    }

    #[test]
    fn splits_words_with_offsets() {
        let w = words("  roll  bog_down\ttracked ");
        let got: Vec<(&str, usize, usize)> = w
            .iter()
            .map(|w| (w.text.as_str(), w.start, w.end))
            .collect();
        assert_eq!(
            got,
            [("roll", 2, 6), ("bog_down", 8, 16), ("tracked", 17, 24)]
        );
        assert!(words("").is_empty());
        assert_eq!(words("é ü")[1].start, 3);
    }

    #[test]
    fn blank_and_comment_lines_are_empty() {
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(parse("   \t "), Ok(Command::Empty));
        assert_eq!(parse("# a comment"), Ok(Command::Empty));
    }

    #[test]
    fn roll_keeps_the_args_aligned_with_the_line() {
        let line = "roll bog_down tracked bog_down_rating=-1";
        let c = roll(line);
        assert_eq!(c.chart.text, "bog_down");
        assert_eq!(c.args_at, 13);
        assert_eq!(&line[c.args_at..], c.args);
        assert_eq!(c.extra, 0);
    }

    #[test]
    fn a_chart_alone_rolls_it() {
        let c = roll("first_echelon.bog_down tracked");
        assert_eq!(c.chart.text, "first_echelon.bog_down");
        assert_eq!(c.args, " tracked");
        let c = roll("bog_down");
        assert_eq!(c.args, "");
    }

    #[test]
    fn loose_modifiers_are_summed_and_blanked() {
        let line = "roll bog_down +2 tracked -1";
        let c = roll(line);
        assert_eq!(c.extra, 1);
        assert_eq!(c.args.len(), line.len() - c.args_at);
        assert_eq!(c.args.split_whitespace().collect::<Vec<_>>(), ["tracked"]);
        let e = parse("roll bog_down +x").unwrap_err();
        assert_eq!((e.start, e.end), (14, 16));
        assert!(parse("roll bog_down +99999999999999999999").is_err());
    }

    #[test]
    fn odds_with_a_group_to_the_end_of_the_line() {
        let line = "odds crt firepower=7 +1 --outcome any of \"3\", 4";
        match parse(line) {
            Ok(Command::OddsOf(c, group)) => {
                assert_eq!(c.chart.text, "crt");
                // The group and the loose modifier are blanked out of the
                // choices; offsets still match the line.
                assert_eq!(c.args.trim(), "firepower=7");
                assert_eq!(c.extra, 1);
                assert_eq!(group.to_string(), "any of \"3\", \"4\"");
            }
            other => panic!("{other:?}"),
        }
        let e = parse("odds crt --outcome at least x").unwrap_err();
        assert_eq!((e.start, e.end), (19, 29));
        assert!(parse("odds crt --outcome").is_err());
        assert!(parse("odds crt --sweep 1..2 --outcome 3").is_err());
    }

    #[test]
    fn odds_with_sweep() {
        let line = "odds bog_down tracked --sweep -2..2";
        match parse(line) {
            Ok(Command::Odds(c, Some((-2, 2)))) => {
                assert_eq!(c.args.split_whitespace().collect::<Vec<_>>(), ["tracked"]);
                assert_eq!(c.args.len(), line.len() - c.args_at);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            parse("odds bog_down --sweep=0..3"),
            Ok(Command::Odds(_, Some((0, 3))))
        ));
        assert!(matches!(parse("odds bog_down"), Ok(Command::Odds(_, None))));
        let e = parse("odds bog_down --sweep 3..1").unwrap_err();
        assert_eq!((e.start, e.end), (14, 26));
        assert!(e.message.contains("3..1"));
        assert!(parse("odds bog_down --sweep").is_err());
        assert!(parse("odds bog_down --swep 1..2").is_err());
        assert!(parse("odds bog_down --sweep 1..2 --sweep 1..2").is_err());
        assert!(parse("odds").is_err());
    }

    #[test]
    fn simple_commands() {
        assert_eq!(parse("reload"), Ok(Command::Reload));
        assert_eq!(parse("games"), Ok(Command::Games));
        assert_eq!(parse("again"), Ok(Command::Again));
        assert_eq!(parse("history"), Ok(Command::History));
        assert_eq!(parse("quit"), Ok(Command::Quit));
        assert_eq!(parse("exit"), Ok(Command::Quit));
        assert_eq!(parse("seed 42"), Ok(Command::Seed(Some(42))));
        assert_eq!(parse("seed"), Ok(Command::Seed(None)));
        assert!(matches!(parse("list"), Ok(Command::List(None))));
        assert!(matches!(
            parse("list first_echelon"),
            Ok(Command::List(Some(_)))
        ));
        assert!(matches!(parse("help roll"), Ok(Command::Help(Some(_)))));
        assert!(matches!(parse("show bog_down"), Ok(Command::Show(_))));
        assert!(matches!(parse("load a.rules b"), Ok(Command::Load(w)) if w.len() == 2));
    }

    #[test]
    fn errors_point_at_the_word() {
        let e = parse("seed abc").unwrap_err();
        assert_eq!((e.start, e.end), (5, 8));
        let e = parse("reload now").unwrap_err();
        assert_eq!((e.start, e.end), (7, 10));
        let e = parse("show").unwrap_err();
        assert_eq!((e.start, e.end), (0, 4));
        assert!(parse("roll").is_err());
        assert!(parse("load").is_err());
        assert!(parse("show a b").is_err());
        assert!(parse("help a b").is_err());
        assert!(parse("seed -1").is_err());
    }

    #[test]
    fn every_command_has_help() {
        for s in COMMANDS {
            assert!(s.usage.starts_with(s.name));
            assert!(s.example.starts_with(s.name));
            assert!(parse(s.example).is_ok(), "{}", s.example);
        }
        assert_eq!(spec("exit").map(|s| s.name), Some("quit"));
    }
}

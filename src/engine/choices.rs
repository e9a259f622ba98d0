//! [`Choices`]: what a player names at roll time (`tracked
//! bog_down_rating=-1 unit_rating=veteran`), kept with spans into the text
//! they came from so a bad argument gets a diagnostic pointing at it.

pub use crate::engine::error::INPUT_SOURCE;
use crate::engine::error::{RollError, RollErrorKind};
use crate::syntax::span::Span;

/// The most a loose `+N` / `-N` (and their sum) moves the net modifier.
pub const MAX_LOOSE_MODIFIER: i64 = 1_000_000;

/// One argument: `name` or `name=value`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Arg {
    /// The name.
    pub name: String,
    /// The value after `=`.
    pub value: Option<String>,
    /// Where the whole argument was written.
    pub span: Span,
}

/// The choices made for one roll.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    text: String,
    args: Vec<Arg>,
}

impl Choices {
    /// No choices: every flag off, every param at its default.
    #[must_use]
    pub fn none() -> Self {
        Self::default()
    }

    /// Parses whitespace-separated arguments.
    ///
    /// ```
    /// let c = chartwright::Choices::parse("tracked bog_down_rating=-1").unwrap();
    /// assert_eq!(c.args().len(), 2);
    /// ```
    pub fn parse(text: &str) -> Result<Self, RollError> {
        let mut args = Vec::new();
        let mut offset = 0;
        for word in text.split_whitespace() {
            let start = offset + text[offset..].find(word).unwrap_or(0);
            offset = start + word.len();
            let span = Span::new(INPUT_SOURCE, start, offset);
            let (name, value) = match word.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (word, None),
            };
            let valid = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
            if !valid || value.as_deref() == Some("") {
                return Err(RollError::new(
                    RollErrorKind::Syntax {
                        message: format!("`{word}` is not a choice"),
                    },
                    Some(span),
                ));
            }
            args.push(Arg {
                name: name.to_string(),
                value,
                span,
            });
        }
        Ok(Self {
            text: text.to_string(),
            args,
        })
    }

    /// Parses `text` as [`Choices::parse`] does, but a loose `+N` or `-N`
    /// word is an extra net modifier, as a player says "plus two": their
    /// sum is returned beside the choices. Each, and the sum, lies within
    /// ±[`MAX_LOOSE_MODIFIER`]; past it is an error at the word. Spans point
    /// into `text` as typed. What `roll` and `odds` read from their
    /// arguments, on the command line and in the web package alike.
    ///
    /// ```
    /// use chartwright::Choices;
    /// let (choices, extra) = Choices::parse_with_extra("tracked +2 -1").unwrap();
    /// assert_eq!((choices.text(), extra), ("tracked +2 -1", 1));
    /// assert!(Choices::parse_with_extra("tracked +9223372036854775807").is_err());
    /// ```
    pub fn parse_with_extra(text: &str) -> Result<(Self, i64), RollError> {
        let mut rest = text.to_string();
        let mut extra = 0i64;
        let mut offset = 0;
        for word in text.split_whitespace() {
            let start = offset + text[offset..].find(word).unwrap_or(0);
            offset = start + word.len();
            let Some(digits) = word.strip_prefix(['+', '-']) else {
                continue;
            };
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                continue;
            }
            let sum = word
                .parse::<i64>()
                .ok()
                .and_then(|v| extra.checked_add(v))
                .filter(|x| x.unsigned_abs() <= MAX_LOOSE_MODIFIER.unsigned_abs());
            let Some(sum) = sum else {
                return Err(RollError::new(
                    RollErrorKind::Arithmetic {
                        message: format!(
                            "the loose modifier `{word}` takes the net modifier past \
                             ±{MAX_LOOSE_MODIFIER}"
                        ),
                    },
                    Some(Span::new(INPUT_SOURCE, start, offset)),
                ));
            };
            extra = sum;
            rest.replace_range(start..offset, &" ".repeat(offset - start));
        }
        let mut choices = Self::parse(&rest)?;
        choices.text = text.to_string();
        Ok((choices, extra))
    }

    /// Parses words given separately (command-line arguments).
    pub fn from_words<S: AsRef<str>>(words: &[S]) -> Result<Self, RollError> {
        let joined: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
        Self::parse(&joined.join(" "))
    }

    /// The arguments in order.
    #[must_use]
    pub fn args(&self) -> &[Arg] {
        &self.args
    }

    /// The text the arguments were parsed from, for rendering diagnostics.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Leaves out every argument named `name` (the text stays as typed, so
    /// the other arguments' spans still point into it).
    #[must_use]
    pub fn without(mut self, name: &str) -> Self {
        self.args.retain(|a| a.name != name);
        self
    }

    /// These choices without the arguments named in `names`, the text
    /// written afresh (so it reads as a player would type it; unlike
    /// [`Choices::without`], no span points into the old text).
    #[must_use]
    pub(crate) fn leaving_out(&self, names: &[&str]) -> Self {
        self.args
            .iter()
            .filter(|a| !names.contains(&a.name.as_str()))
            .fold(Self::none(), |c, a| c.with(&a.name, a.value.as_deref()))
    }

    /// These choices with only the arguments named in `names`: the same
    /// choices when every one is kept, else written afresh as
    /// [`Choices::leaving_out`] writes them.
    #[must_use]
    pub(crate) fn keeping(&self, names: &[String]) -> Self {
        let kept = |a: &Arg| names.contains(&a.name);
        if self.args.iter().all(kept) {
            return self.clone();
        }
        self.args
            .iter()
            .filter(|a| kept(a))
            .fold(Self::none(), |c, a| c.with(&a.name, a.value.as_deref()))
    }

    /// Adds an argument given by a program rather than typed.
    #[must_use]
    pub fn with(mut self, name: &str, value: Option<&str>) -> Self {
        let start = self.text.len() + usize::from(!self.text.is_empty());
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.text.push_str(name);
        if let Some(v) = value {
            self.text.push('=');
            self.text.push_str(v);
        }
        self.args.push(Arg {
            name: name.to_string(),
            value: value.map(str::to_string),
            span: Span::new(INPUT_SOURCE, start, self.text.len()),
        });
        self
    }
}

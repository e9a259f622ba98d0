//! One open document, checked as `chartwright check` checks a file: its
//! diagnostics in the protocol's terms, its outline, and the last ruleset
//! that loaded, which hover and completion keep using while the text is
//! broken. A variant is loaded with its base, bundled or beside it on disk.

use super::text::LineIndex;
use chartwright::editor::{expect_lines, ExpectLine};
use chartwright::{
    outline, BaseName, LoadError, LoadErrors, Outline, Ruleset, RulesetBuilder, SourceId,
};
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Location, NumberOrString, Range,
    Url,
};
use miette::Diagnostic as _;
use std::cell::OnceCell;
use std::fmt::Write;
use std::path::PathBuf;

/// The source id of the document's own text in [`outline`]'s spans.
const OWN: SourceId = SourceId::new(0);

/// What is known of one open document.
pub struct Analysis {
    /// Its address.
    pub uri: Url,
    /// The file it is, when it is one (a variant's base is found beside it).
    pub path: Option<PathBuf>,
    /// Its text now.
    pub text: String,
    /// The outline of the text now, if it parses.
    pub outline: Option<Outline>,
    /// The last text that loaded, and its ruleset (kept while the text
    /// does not load).
    pub good: Option<Good>,
    /// The diagnostics last published, which code actions fix.
    pub diagnostics: Vec<Diagnostic>,
}

/// A text that loaded and what it loaded as.
pub struct Good {
    /// The text.
    pub text: String,
    /// Its outline.
    pub outline: Outline,
    /// The rules.
    pub ruleset: Ruleset,
    /// Its `expect` lines checked, made on the first request that needs
    /// them and kept until the text changes.
    pub expectations: OnceCell<Vec<ExpectLine>>,
    /// A variant's base loaded on its own, for `diff`: made on the first
    /// hover of a change and kept until the text changes (`None` when the
    /// text is no variant or its base does not load).
    pub base: OnceCell<Option<Ruleset>>,
}

impl Good {
    /// Its `expect` lines, checked on the first call.
    pub fn expectations(&self) -> &[ExpectLine] {
        self.expectations
            .get_or_init(|| expect_lines(&self.ruleset, &self.text))
    }
}

impl Analysis {
    /// A document as opened.
    pub fn new(uri: Url, text: String) -> Self {
        let path = (uri.scheme() == "file")
            .then(|| uri.to_file_path().ok())
            .flatten();
        Self {
            uri,
            path,
            text,
            outline: None,
            good: None,
            diagnostics: Vec::new(),
        }
    }

    /// The name its diagnostics show, as `chartwright check` shows it.
    fn shown(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => self.uri.to_string(),
        }
    }

    /// Checks the text now: the outline, the ruleset when it loads, and
    /// the diagnostics to publish (kept for code actions).
    pub fn check(&mut self) -> Vec<Diagnostic> {
        self.diagnostics = self.load();
        self.diagnostics.clone()
    }

    /// Loads the text now: its outline and ruleset, or its diagnostics.
    fn load(&mut self) -> Vec<Diagnostic> {
        // A text past the input limit is not parsed for its outline either;
        // the build below says it is too large.
        let limit = chartwright::Limits::default().max_input_bytes;
        self.outline = (self.text.len() <= limit)
            .then(|| outline(OWN, &self.text).ok())
            .flatten();
        let mut builder = RulesetBuilder::new();
        match &self.path {
            Some(p) => builder.add_text_at(p, &self.text),
            None => builder.add_str("untitled", &self.text),
        };
        match builder.build() {
            Ok(ruleset) => {
                if let Some(outline) = self.outline.clone() {
                    self.good = Some(Good {
                        text: self.text.clone(),
                        outline,
                        ruleset,
                        expectations: OnceCell::new(),
                        base: OnceCell::new(),
                    });
                }
                Vec::new()
            }
            Err(errors) => self.diagnostics(&errors),
        }
    }

    /// Every load error in the protocol's terms: those in the document at
    /// their range, those elsewhere (in a base) at its start, saying where.
    fn diagnostics(&self, errors: &LoadErrors) -> Vec<Diagnostic> {
        let index = LineIndex::new(&self.text);
        let shown = self.shown();
        errors
            .errors
            .iter()
            .map(|e| {
                let source = e.span().and_then(|s| errors.sources.get(s.source));
                let own = source.is_some_and(|s| s.name == shown);
                let mut d = diagnostic(e, &index, own, &self.uri);
                if let (false, Some(source)) = (own, source) {
                    d.message = format!("in {}: {}", source.name, d.message);
                }
                d
            })
            .collect()
    }

    /// The outline to navigate by and the text its spans are in: the
    /// text's own, else the last good one.
    pub fn outline_now(&self) -> Option<(&Outline, &str)> {
        match (&self.outline, &self.good) {
            (Some(o), _) => Some((o, &self.text)),
            (None, Some(g)) => Some((&g.outline, &g.text)),
            (None, None) => None,
        }
    }

    /// The base of a variant, when it is a file on disk: its path and text.
    pub fn base_file(&self) -> Option<(PathBuf, String)> {
        let Some(BaseName::Path(relative)) = self.outline_now()?.0.base.clone() else {
            return None;
        };
        let path = self.path.as_ref()?.parent()?.join(relative);
        let limit = chartwright::Limits::default().max_input_bytes;
        let size = std::fs::metadata(&path).ok()?.len();
        if usize::try_from(size).ok()? > limit {
            return None;
        }
        let text = std::fs::read_to_string(&path).ok()?;
        Some((path, text))
    }

    /// The base's outline: a bundled game's or a file's.
    pub fn base_outline(&self) -> Option<Outline> {
        match self.outline_now()?.0.base.as_ref()? {
            BaseName::Bundled(name) => outline(OWN, chartwright::bundled::source(name)?).ok(),
            BaseName::Path(_) => outline(OWN, &self.base_file()?.1).ok(),
        }
    }
}

/// One load error as a diagnostic: its code, its message with the help
/// after it, its range (the document's start when it points elsewhere),
/// and its other labels as related information.
fn diagnostic(e: &LoadError, index: &LineIndex<'_>, own: bool, uri: &Url) -> Diagnostic {
    let at = |start: usize, len: usize| index.range(start, start + len);
    let range = match e.span() {
        Some(s) if own => index.range(s.start as usize, s.end as usize),
        _ => Range::default(),
    };
    let mut message = e.to_string();
    if let Some(help) = e.help() {
        let _ = write!(message, "\nhelp: {help}");
    }
    let related: Vec<DiagnosticRelatedInformation> = if own {
        e.labels()
            .into_iter()
            .flatten()
            .filter(|l| !l.primary())
            .map(|l| DiagnosticRelatedInformation {
                location: Location::new(uri.clone(), at(l.offset(), l.len())),
                message: l.label().unwrap_or("here").to_string(),
            })
            .collect()
    } else {
        Vec::new()
    };
    Diagnostic {
        range,
        severity: Some(DiagnosticSeverity::ERROR),
        code: e.code().map(|c| NumberOrString::String(c.to_string())),
        source: Some("chartwright".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..Diagnostic::default()
    }
}

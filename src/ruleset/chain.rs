//! Loading a source that may be a variant: parse it, follow its chain of
//! bases (bundled names or paths relative to the variant file), refuse
//! cycles and chains deeper than [`Limits::max_variant_depth`], and merge
//! each variant into its base, innermost first.

use crate::limits::Limits;
use crate::ruleset::error::LoadError;
use crate::ruleset::origin::Origin;
use crate::syntax::ast::{BaseRef, Document, File, VariantFile};
use crate::syntax::span::{SourceId, SourceMap};
use crate::variant::error::{VariantError, VariantErrorKind};
use crate::variant::merge::{self, Mark, Removed};
use std::path::{Path, PathBuf};

/// A loaded game: its AST (a variant's merged over its base), what the
/// variants in its chain changed, and for a variant the AST of the plain
/// game the chain starts from (what `show` compares against).
pub(crate) struct Loaded {
    pub file: File,
    pub marks: Vec<Mark>,
    pub root: Option<File>,
    /// Options the chain removed (see [`blame_removed`]).
    pub removed: Vec<Removed>,
}

/// One link of a chain of bases: how it is known, and how it is shown.
struct Link {
    identity: String,
    shown: String,
}

/// Loads source `id`, parsed as `parsed`: if it is a variant, loads its
/// bases and merges.
pub(crate) fn load(
    sources: &mut SourceMap,
    id: SourceId,
    parsed: Result<Document, crate::syntax::error::ParseError>,
    origin: &Origin,
    limits: &Limits,
) -> Result<Loaded, Vec<LoadError>> {
    let doc = parsed.map_err(|e| vec![LoadError::Parse(e)])?;
    let (link, dir) = match origin {
        Origin::File(p) => (
            Link {
                identity: identity(p),
                shown: p.display().to_string(),
            },
            p.parent().map(Path::to_path_buf),
        ),
        Origin::Bundled(n) => (
            Link {
                identity: format!("bundled:{n}"),
                shown: n.clone(),
            },
            None,
        ),
        Origin::Text(_) => (
            Link {
                identity: format!("text:{}", id.0),
                shown: sources.get(id).map_or_else(String::new, |s| s.name.clone()),
            },
            None,
        ),
    };
    resolve(sources, doc, dir.as_deref(), vec![link], limits)
}

fn resolve(
    sources: &mut SourceMap,
    doc: Document,
    dir: Option<&Path>,
    chain: Vec<Link>,
    limits: &Limits,
) -> Result<Loaded, Vec<LoadError>> {
    let variant = match doc {
        Document::Game(file) => {
            return Ok(Loaded {
                file,
                marks: Vec::new(),
                root: None,
                removed: Vec::new(),
            })
        }
        Document::Variant(v) => v,
    };
    let fail = |kind, span| vec![LoadError::Variant(VariantError::new(kind, span))];
    if chain.len() > limits.max_variant_depth {
        return Err(fail(
            VariantErrorKind::TooDeep {
                limit: limits.max_variant_depth,
            },
            variant.header.span,
        ));
    }
    let base = find_base(&variant, dir, limits.max_input_bytes)
        .map_err(|e| vec![LoadError::Variant(*e)])?;
    if chain.iter().any(|l| l.identity == base.link.identity) {
        let names: Vec<&str> = chain
            .iter()
            .map(|l| l.shown.as_str())
            .chain([base.link.shown.as_str()])
            .collect();
        return Err(fail(
            VariantErrorKind::BaseCycle {
                chain: names.join(" -> "),
            },
            base_span(&variant),
        ));
    }
    let base_id = sources.add(base.source_name, base.text.clone());
    let base_doc = crate::syntax::parser::parse_document(base_id, &base.text)
        .map_err(|e| vec![LoadError::Parse(e)])?;
    let mut chain = chain;
    chain.push(base.link);
    let inner = resolve(sources, base_doc, base.dir.as_deref(), chain, limits)?;
    let mut errors = Vec::new();
    let root = inner.root.unwrap_or_else(|| inner.file.clone());
    let merged = merge::apply(inner.file, &variant, &mut errors);
    if !errors.is_empty() {
        return Err(errors.into_iter().map(LoadError::Variant).collect());
    }
    let mut marks = inner.marks;
    marks.extend(merged.marks);
    let mut removed = inner.removed;
    removed.extend(merged.removed);
    Ok(Loaded {
        file: merged.file,
        marks,
        root: Some(root),
        removed,
    })
}

/// A base's text and where it is.
struct Base {
    text: String,
    source_name: String,
    link: Link,
    dir: Option<PathBuf>,
}

fn base_span(variant: &VariantFile) -> crate::syntax::span::Span {
    match &variant.header.base {
        BaseRef::Bundled(i) => i.span,
        BaseRef::Path(l) => l.span,
    }
}

fn find_base(
    variant: &VariantFile,
    dir: Option<&Path>,
    max_bytes: usize,
) -> Result<Base, Box<VariantError>> {
    let span = base_span(variant);
    match &variant.header.base {
        BaseRef::Bundled(name) => {
            let Some(text) = crate::ruleset::bundled::get(&name.name) else {
                return Err(Box::new(VariantError::new(
                    VariantErrorKind::BaseNotFound {
                        base: name.name.to_string(),
                        reason: format!(
                            "not a bundled game (those are {}); write a path in quotes",
                            crate::ruleset::bundled::names()
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                        suggestion: crate::check::suggest::closest(
                            &name.name,
                            crate::ruleset::bundled::names(),
                        ),
                    },
                    span,
                )));
            };
            Ok(Base {
                text: text.to_owned(),
                source_name: format!("{} (bundled)", name.name),
                link: Link {
                    identity: format!("bundled:{}", name.name),
                    shown: name.name.to_string(),
                },
                dir: None,
            })
        }
        BaseRef::Path(label) => {
            let path = match dir {
                Some(d) => d.join(&label.text),
                None => PathBuf::from(&label.text),
            };
            // Bounded like any rules file (`Limits::max_input_bytes`).
            let text = crate::ruleset::origin::read_bounded(&path, max_bytes)
                .map_err(|e| e.to_string())
                .and_then(|b| {
                    b.ok_or_else(|| format!("larger than the limit of {max_bytes} bytes"))
                })
                .and_then(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_owned()))
                .map_err(|reason| {
                    Box::new(VariantError::new(
                        VariantErrorKind::BaseNotFound {
                            base: path.display().to_string(),
                            reason,
                            suggestion: None,
                        },
                        span,
                    ))
                })?;
            Ok(Base {
                text,
                source_name: path.display().to_string(),
                link: Link {
                    identity: identity(&path),
                    shown: path.display().to_string(),
                },
                dir: path.parent().map(Path::to_path_buf),
            })
        }
    }
}

/// A path's identity for cycle checks: canonical where it exists.
fn identity(path: &Path) -> String {
    std::fs::canonicalize(path)
        .unwrap_or_else(|_| path.to_path_buf())
        .display()
        .to_string()
}

/// Compile errors for an option that is not declared, written in a file
/// other than the variant that removed that option, are that removal's
/// fault (its base checked clean): they become one error at the `remove`,
/// listing where the option is still named. Other errors pass through.
pub(crate) fn blame_removed(
    errors: Vec<crate::check::error::CompileError>,
    removed: &[Removed],
    sources: &SourceMap,
) -> Vec<LoadError> {
    let mut out = Vec::new();
    let mut blamed: Vec<(usize, Vec<String>)> = Vec::new();
    for e in errors {
        let culprit = match &e.kind {
            crate::check::error::CompileErrorKind::Unknown {
                what: "option",
                name,
                ..
            } => removed
                .iter()
                .position(|r| r.option == *name && r.at.source != e.span.source),
            _ => None,
        };
        let Some(k) = culprit else {
            out.push(LoadError::Compile(e));
            continue;
        };
        let place = place(sources, e.span);
        match blamed.iter_mut().find(|(i, _)| *i == k) {
            Some((_, places)) => places.push(place),
            None => blamed.push((k, vec![place])),
        }
    }
    for (k, places) in blamed {
        let Some(r) = removed.get(k) else { continue };
        out.push(LoadError::Variant(VariantError::new(
            VariantErrorKind::RemovedStillNamed {
                choice: r.choice.clone(),
                option: r.option.clone(),
                places,
            },
            r.at,
        )));
    }
    out
}

/// `file:line:column` of a span, as miette shows it.
fn place(sources: &SourceMap, span: crate::syntax::span::Span) -> String {
    let Some(source) = sources.get(span.source) else {
        return "an unknown place".into();
    };
    let before = usize::try_from(span.start)
        .ok()
        .and_then(|end| source.text.get(..end))
        .unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    format!("{}:{line}:{column}", source.name)
}

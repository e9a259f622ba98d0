//! A variant's bases as documents an editor can open: a file beside the
//! variant, or a bundled game. A bundled game's text lives in the binary,
//! and an editor opens files, so its text is written once to a cache folder
//! (`$XDG_CACHE_HOME/chartwright/bundled`, else `~/.cache/…`, else the
//! temporary folder) as a read-only file, rewritten when a new chartwright
//! bundles a different text. Where that folder cannot be written, a bundled
//! base has no document and navigation into it finds nothing.

use super::analysis::Analysis;
use chartwright::{outline, BaseName, Outline, SourceId};
use lsp_types::Url;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The source id of a base's text in its outline's spans.
const OWN: SourceId = SourceId::new(0);

/// The folder bundled games are written to, from the environment.
pub fn bundled_folder() -> PathBuf {
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    let cache = absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("chartwright").join("bundled")
}

/// The read-only copies of the bundled games, written on first need.
pub struct BundledCopies {
    folder: PathBuf,
    /// The copies written (or found up to date) since the server started.
    written: RefCell<HashMap<String, PathBuf>>,
}

impl BundledCopies {
    /// Copies kept in `folder` (made when first needed).
    pub fn new(folder: PathBuf) -> Self {
        Self {
            folder,
            written: RefCell::new(HashMap::new()),
        }
    }

    /// The file holding bundled game `name`'s text, written when it is
    /// missing or differs; `None` when the game is unknown or the file
    /// cannot be written.
    pub fn copy(&self, name: &str) -> Option<PathBuf> {
        // Written before and still there (a deleted copy is written again).
        if let Some(path) = self.written.borrow().get(name).filter(|p| p.is_file()) {
            return Some(path.clone());
        }
        let text = chartwright::bundled::source(name)?;
        let file = format!("{name}-{}.rules", env!("CARGO_PKG_VERSION"));
        let path = self.folder.join(file);
        write_read_only(&path, text).ok()?;
        self.written
            .borrow_mut()
            .insert(name.to_string(), path.clone());
        Some(path)
    }
}

/// Writes `text` to `path` as a read-only file, unless it already holds
/// exactly that text. The text goes to a file beside it first and is
/// renamed over it, so a reader never sees half a file.
fn write_read_only(path: &Path, text: &str) -> std::io::Result<()> {
    if std::fs::read(path).is_ok_and(|now| now == text.as_bytes()) {
        return Ok(());
    }
    let folder = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder)?;
    let mut partial = path.as_os_str().to_owned();
    partial.push(format!(".{}.partial", std::process::id()));
    let partial = PathBuf::from(partial);
    let written = std::fs::write(&partial, text).and_then(|()| {
        let mut permissions = std::fs::metadata(&partial)?.permissions();
        permissions.set_readonly(true);
        std::fs::set_permissions(&partial, permissions)?;
        replace(&partial, path)
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// Renames `from` over `to`; where the system refuses to replace a
/// read-only file (Windows), `to` is made writable first.
fn replace(from: &Path, to: &Path) -> std::io::Result<()> {
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    let mut permissions = std::fs::metadata(to)?.permissions();
    #[allow(clippy::permissions_set_readonly_false)] // only to replace it
    permissions.set_readonly(false);
    std::fs::set_permissions(to, permissions)?;
    std::fs::rename(from, to)
}

/// A text that is, or stands for, a file the editor can show.
pub struct Document {
    /// Its address.
    pub uri: Url,
    /// The file, when it is one: what a variant names as its base.
    pub path: Option<PathBuf>,
    /// Its text: the editor's when it is open, else the file's.
    pub text: String,
    /// The outline of that text, when it parses.
    pub outline: Option<Outline>,
    /// Its base, when it is a variant (an open document's from its last
    /// text that parsed, while the text now does not).
    pub base: Option<BaseName>,
}

impl Document {
    /// An open document as it stands now.
    pub fn open(analysis: &Analysis) -> Self {
        Self {
            uri: analysis.uri.clone(),
            path: analysis.path.clone(),
            text: analysis.text.clone(),
            outline: analysis.outline.clone(),
            base: analysis.outline_now().and_then(|(o, _)| o.base.clone()),
        }
    }

    /// Whether this is the file at `path`.
    pub fn is(&self, path: &Path) -> bool {
        self.path.as_deref().is_some_and(|p| same_file(p, path))
    }
}

/// Whether two paths name one file (after following links and `..`).
fn same_file(a: &Path, b: &Path) -> bool {
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    a == b || real(a) == real(b)
}

/// The open documents and the bundled games' copies: where a name is
/// looked for beyond the file it is in.
pub struct Workspace<'w> {
    /// The open documents by address.
    pub documents: &'w HashMap<Url, Analysis>,
    /// The bundled games' copies.
    pub bundled: &'w BundledCopies,
}

impl Workspace<'_> {
    /// Whether `document` is a bundled game's copy: the binary's text, not
    /// the user's to edit.
    pub fn is_bundled(&self, document: &Document) -> bool {
        document
            .path
            .as_deref()
            .is_some_and(|p| p.starts_with(&self.bundled.folder))
    }

    /// The bases of `document`, nearest first, as far as they can be read
    /// (at most [`chartwright::Limits::max_variant_depth`] of them).
    pub fn bases(&self, document: &Document) -> Vec<Document> {
        let depth = chartwright::Limits::default().max_variant_depth;
        let mut found: Vec<Document> = Vec::new();
        let mut next = self.base_of(document);
        while let Some(base) = next.take() {
            if found.len() >= depth {
                break;
            }
            next = self.base_of(&base);
            found.push(base);
        }
        found
    }

    /// The base `document` names, when it is a variant and its base can
    /// be read: the editor's text when it is open, else the file's.
    fn base_of(&self, document: &Document) -> Option<Document> {
        // A bundled game's text is the binary's own, whatever its copy holds.
        let (path, bundled) = match document.base.as_ref()? {
            BaseName::Bundled(name) => {
                (self.bundled.copy(name)?, chartwright::bundled::source(name))
            }
            BaseName::Path(relative) => (document.path.as_ref()?.parent()?.join(relative), None),
        };
        if let Some(open) = self
            .documents
            .values()
            .find(|d| d.path.as_deref().is_some_and(|p| same_file(p, &path)))
        {
            return Some(Document::open(open));
        }
        let text = match bundled {
            Some(text) => text.to_string(),
            None => read_limited(&path)?,
        };
        let outline = outline(OWN, &text).ok();
        Some(Document {
            uri: Url::from_file_path(&path).ok()?,
            base: outline.as_ref().and_then(|o| o.base.clone()),
            outline,
            path: Some(path),
            text,
        })
    }
}

/// A file's text, when it is no longer than the input limit.
fn read_limited(path: &Path) -> Option<String> {
    let limit = chartwright::Limits::default().max_input_bytes;
    let size = std::fs::metadata(path).ok()?.len();
    if usize::try_from(size).ok()? > limit {
        return None;
    }
    std::fs::read_to_string(path).ok()
}

//! `chartwright fmt [--check] [FILES]`: rules files rewritten in the
//! canonical layout ([`chartwright::format`]), or, with `--check`, listed
//! when they are not in it. With no file (or `-`), standard input is
//! formatted to standard output.

use crate::render::diagnostic;
use chartwright::{format, Clipped, Limits, SourceId};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Rewrite nothing: list the files not in the canonical layout and exit
    /// 1 if there is any.
    #[arg(long)]
    check: bool,
    /// Files, or folders (their `.rules` files); none, or `-`, reads
    /// standard input and writes standard output.
    files: Vec<PathBuf>,
}

/// How one file went.
enum Outcome {
    Unchanged,
    /// Not in the canonical layout (rewritten, unless checking).
    Changed,
    /// Not formatted: it does not parse, or cannot be read or written.
    Failed,
}

/// Exit 0 when every file is formatted (or, with `--check`, already was),
/// 1 otherwise.
pub fn main(args: &Args) -> Result<(), ExitCode> {
    if args.files.is_empty() || args.files.iter().all(|f| f == Path::new("-")) {
        return stdin(args.check);
    }
    let mut files = Vec::new();
    let mut failed = false;
    for path in &args.files {
        match expand(path) {
            Ok(found) => files.extend(found),
            Err(message) => {
                anstream::eprintln!("error: {message}");
                failed = true;
            }
        }
    }
    let mut changed = 0usize;
    for file in &files {
        match one(file, args.check) {
            Outcome::Unchanged => {}
            Outcome::Changed => changed += 1,
            Outcome::Failed => failed = true,
        }
    }
    if args.check && changed > 0 {
        anstream::eprintln!(
            "{changed} of {} file(s) not formatted; `chartwright fmt` rewrites them",
            files.len()
        );
    }
    if failed || (args.check && changed > 0) {
        return Err(ExitCode::from(1));
    }
    Ok(())
}

/// A path as the files it names: a file, or a folder's `.rules` files in
/// name order.
fn expand(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries =
        std::fs::read_dir(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rules"))
        .collect();
    if files.is_empty() {
        return Err(format!("no .rules files in {}", path.display()));
    }
    files.sort();
    Ok(files)
}

/// Formats one file in place, or with `check` prints its path when it is
/// not formatted.
fn one(path: &Path, check: bool) -> Outcome {
    let shown = path.display();
    let text = match read_bounded(path) {
        Ok(text) => text,
        Err(message) => {
            anstream::eprintln!("error: cannot read {shown}: {message}");
            return Outcome::Failed;
        }
    };
    let formatted = match format(SourceId::new(0), &text) {
        Ok(formatted) => formatted,
        Err(error) => {
            let name = path.display().to_string();
            anstream::eprint!(
                "{}",
                diagnostic::render(&Clipped::new(&error, &name, &text))
            );
            return Outcome::Failed;
        }
    };
    if formatted == text {
        return Outcome::Unchanged;
    }
    if check {
        crate::commands::emit(&format!("{shown}\n"));
        return Outcome::Changed;
    }
    match std::fs::write(path, &formatted) {
        Ok(()) => {
            anstream::eprintln!("formatted {shown}");
            Outcome::Changed
        }
        Err(e) => {
            anstream::eprintln!("error: cannot write {shown}: {e}");
            Outcome::Failed
        }
    }
}

/// Standard input formatted to standard output; with `check`, nothing
/// printed but the name `<stdin>` when it is not formatted.
fn stdin(check: bool) -> Result<(), ExitCode> {
    let limit = Limits::default().max_input_bytes;
    let mut text = String::new();
    let read = std::io::stdin()
        .lock()
        .take(u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1))
        .read_to_string(&mut text);
    if let Err(e) = read {
        anstream::eprintln!("error: cannot read standard input: {e}");
        return Err(ExitCode::from(1));
    }
    if text.len() > limit {
        anstream::eprintln!("error: standard input is over {limit} bytes");
        return Err(ExitCode::from(1));
    }
    let formatted = format(SourceId::new(0), &text).map_err(|e| {
        crate::commands::fail(&diagnostic::render(&Clipped::new(&e, "<stdin>", &text)))
    })?;
    if !check {
        crate::commands::emit(&formatted);
        return Ok(());
    }
    if formatted == text {
        return Ok(());
    }
    crate::commands::emit("<stdin>\n");
    Err(ExitCode::from(1))
}

/// A file's text, refused past the rules' size limit
/// ([`Limits::max_input_bytes`]), as loading refuses it.
fn read_bounded(path: &Path) -> Result<String, String> {
    let limit = Limits::default().max_input_bytes;
    let size = std::fs::metadata(path).map_err(|e| e.to_string())?.len();
    if size > u64::try_from(limit).unwrap_or(u64::MAX) {
        return Err(format!("it is over {limit} bytes"));
    }
    std::fs::read_to_string(path).map_err(|e| e.to_string())
}

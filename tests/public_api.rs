//! The fence: every item a host reaches from the crate root, one line each
//! (the item, each public field, variant and method with its signature, and
//! each trait the type implements), read from `src/` with `syn` as the
//! compiler would resolve the paths, so it runs on stable Rust with no
//! rustdoc output. The listing is a snapshot: a change to the public API
//! shows in review (`cargo insta review`) and cannot pass unnoticed.
//!
//! Three rules hold on every line as well: no `num_rational` fraction
//! (`Ratio`, `BigRational`) in a public signature (`Number`, `Probability`
//! and `ProbabilityChange` are the crate's own); no type a host cannot name
//! (one in a private module, not re-exported); and every public struct with
//! public fields is `#[non_exhaustive]`, so a field can be added without
//! breaking a host.
//!
//! Items behind `feature = "internals"` (not covered by semver) and test
//! code are left out; items behind another feature carry its `cfg`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::OnceLock;
use syn::visit_mut::VisitMut;

/// A module's path below the crate root: `["engine", "odds"]`.
type ModPath = Vec<String>;

/// One module of the crate: its items, test code and internals removed.
struct Module {
    items: Vec<syn::Item>,
}

/// The crate's modules, read from `src/lib.rs` down.
struct Crate {
    modules: BTreeMap<ModPath, Module>,
}

/// What a path names.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// A module of the crate.
    Module(ModPath),
    /// An item of the crate: its module, its name.
    Item(ModPath, String),
    /// A path outside the crate, as the compiler would spell it in full.
    External(String),
}

/// Whether an item is compiled in a host's build, and the `cfg` it needs
/// if that is a feature a host chooses.
enum Cfg {
    /// Test code, `internals` (not covered by semver) or never built.
    Skip,
    Always,
    Only(String),
}

/// The value of a `cfg` predicate in a host's build: no tests, no
/// `internals`, no fuzzing; any other feature may be on (and is named).
fn cfg_holds(meta: &syn::Meta, features: &mut Vec<String>) -> bool {
    let name = meta
        .path()
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default();
    match meta {
        syn::Meta::Path(_) => !matches!(name.as_str(), "test" | "doctest" | "fuzzing"),
        syn::Meta::NameValue(nv) if name == "feature" => {
            let feature = tokens(&nv.value).trim_matches('"').to_string();
            if feature == "internals" {
                return false;
            }
            features.push(feature);
            true
        }
        syn::Meta::NameValue(_) => true,
        syn::Meta::List(list) => {
            let inner: Vec<syn::Meta> = list
                .parse_args_with(
                    syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
                )
                .map(|p| p.into_iter().collect())
                .unwrap_or_default();
            match name.as_str() {
                // A feature named under `not` is one a host leaves off.
                "not" => inner
                    .first()
                    .is_some_and(|m| !cfg_holds(m, &mut Vec::new())),
                "all" => inner.iter().all(|m| cfg_holds(m, features)),
                "any" => inner.iter().any(|m| cfg_holds(m, features)),
                _ => true,
            }
        }
    }
}

fn cfg_of(attrs: &[syn::Attribute]) -> Cfg {
    let mut features = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("cfg")) {
        let Ok(meta) = attr.parse_args::<syn::Meta>() else {
            continue;
        };
        if !cfg_holds(&meta, &mut features) {
            return Cfg::Skip;
        }
    }
    if features.is_empty() {
        Cfg::Always
    } else {
        let named: Vec<String> = features
            .iter()
            .map(|f| format!("feature = \"{f}\""))
            .collect();
        match named.as_slice() {
            [one] => Cfg::Only(format!("#[cfg({one})]")),
            many => Cfg::Only(format!("#[cfg(all({}))]", many.join(", "))),
        }
    }
}

impl Crate {
    fn load(src: &Path) -> Self {
        let mut modules = BTreeMap::new();
        load_file(&src.join("lib.rs"), src, Vec::new(), &mut modules);
        Self { modules }
    }

    fn items(&self, module: &ModPath) -> &[syn::Item] {
        self.modules.get(module).map_or(&[], |m| &m.items)
    }

    /// What `name` names in `module`: an item or module declared there, or
    /// a name a `use` brings in (through globs too).
    fn lookup(&self, module: &ModPath, name: &str, depth: usize) -> Option<Target> {
        if depth > 32 {
            return None;
        }
        for item in self.items(module) {
            if let Some(own) = item_name(item) {
                if own == name {
                    return Some(match item {
                        syn::Item::Mod(_) => Target::Module(child(module, name)),
                        _ => Target::Item(module.clone(), name.to_string()),
                    });
                }
            }
        }
        for item in self.items(module) {
            let syn::Item::Use(u) = item else { continue };
            for import in flatten(&u.tree) {
                match import.leaf {
                    Leaf::Name {
                        name: ref n,
                        ref alias,
                    } if alias == name => {
                        let mut path = import.path.clone();
                        if n != "self" {
                            path.push(n.clone());
                        }
                        return self.resolve_use(module, &path, depth + 1);
                    }
                    _ => {}
                }
            }
        }
        for item in self.items(module) {
            let syn::Item::Use(u) = item else { continue };
            for import in flatten(&u.tree) {
                if let Leaf::Glob = import.leaf {
                    if let Some(Target::Module(m)) =
                        self.resolve_use(module, &import.path, depth + 1)
                    {
                        if let Some(found) = self.lookup(&m, name, depth + 1) {
                            return Some(found);
                        }
                    }
                }
            }
        }
        None
    }

    /// What `path` names when written in `module`.
    fn resolve(&self, module: &ModPath, path: &[String], depth: usize) -> Option<Target> {
        self.resolve_from(module, path, depth, false)
    }

    /// What the path of a `use` in `module` names: its first segment is a
    /// module or item declared there, else another crate (`use
    /// smallvec::smallvec` names the crate, not itself).
    fn resolve_use(&self, module: &ModPath, path: &[String], depth: usize) -> Option<Target> {
        self.resolve_from(module, path, depth, true)
    }

    fn resolve_from(
        &self,
        module: &ModPath,
        path: &[String],
        depth: usize,
        in_use: bool,
    ) -> Option<Target> {
        let (first, rest) = path.split_first()?;
        let declared = |name: &str| {
            self.items(module)
                .iter()
                .any(|i| item_name(i).as_deref() == Some(name))
        };
        let mut at = match first.as_str() {
            "crate" => Target::Module(Vec::new()),
            "self" => Target::Module(module.clone()),
            "super" => Target::Module(module[..module.len().saturating_sub(1)].to_vec()),
            name if in_use && !declared(name) => Target::External(name.to_string()),
            name => match self.lookup(module, name, depth) {
                Some(found) => found,
                None => Target::External(name.to_string()),
            },
        };
        for segment in rest {
            at = match at {
                Target::Module(m) if segment == "super" => {
                    Target::Module(m[..m.len().saturating_sub(1)].to_vec())
                }
                Target::Module(m) => self.lookup(&m, segment, depth + 1)?,
                // A variant or an associated item: named by its owner.
                Target::Item(m, name) => Target::Item(m, format!("{name}::{segment}")),
                Target::External(e) => Target::External(format!("{e}::{segment}")),
            };
        }
        Some(at)
    }

    /// The item a target names, with its module.
    fn item(&self, module: &ModPath, name: &str) -> Option<&syn::Item> {
        self.items(module)
            .iter()
            .find(|i| item_name(i).as_deref() == Some(name) && !matches!(i, syn::Item::Mod(_)))
    }
}

fn child(module: &ModPath, name: &str) -> ModPath {
    let mut path = module.clone();
    path.push(name.to_string());
    path
}

fn load_file(file: &Path, dir: &Path, path: ModPath, modules: &mut BTreeMap<ModPath, Module>) {
    let text = std::fs::read_to_string(file)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
    let parsed =
        syn::parse_file(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", file.display()));
    add_items(parsed.items, dir, path, modules);
}

fn add_items(
    items: Vec<syn::Item>,
    dir: &Path,
    path: ModPath,
    modules: &mut BTreeMap<ModPath, Module>,
) {
    let mut kept = Vec::new();
    for item in items {
        if matches!(cfg_of(item_attrs(&item)), Cfg::Skip) {
            continue;
        }
        if let syn::Item::Mod(m) = &item {
            let name = m.ident.to_string();
            let inner = child(&path, &name);
            let inner_dir = dir.join(&name);
            match &m.content {
                Some((_, body)) => add_items(body.clone(), &inner_dir, inner, modules),
                None => {
                    let flat = dir.join(format!("{name}.rs"));
                    let file = if flat.exists() {
                        flat
                    } else {
                        inner_dir.join("mod.rs")
                    };
                    load_file(&file, &inner_dir, inner, modules);
                }
            }
        }
        kept.push(item);
    }
    modules.insert(path, Module { items: kept });
}

fn item_attrs(item: &syn::Item) -> &[syn::Attribute] {
    match item {
        syn::Item::Const(i) => &i.attrs,
        syn::Item::Enum(i) => &i.attrs,
        syn::Item::Fn(i) => &i.attrs,
        syn::Item::Impl(i) => &i.attrs,
        syn::Item::Mod(i) => &i.attrs,
        syn::Item::Static(i) => &i.attrs,
        syn::Item::Struct(i) => &i.attrs,
        syn::Item::Trait(i) => &i.attrs,
        syn::Item::Type(i) => &i.attrs,
        syn::Item::Union(i) => &i.attrs,
        syn::Item::Use(i) => &i.attrs,
        syn::Item::Macro(i) => &i.attrs,
        _ => &[],
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Const(i) => i.ident.to_string(),
        syn::Item::Enum(i) => i.ident.to_string(),
        syn::Item::Fn(i) => i.sig.ident.to_string(),
        syn::Item::Mod(i) => i.ident.to_string(),
        syn::Item::Static(i) => i.ident.to_string(),
        syn::Item::Struct(i) => i.ident.to_string(),
        syn::Item::Trait(i) => i.ident.to_string(),
        syn::Item::Type(i) => i.ident.to_string(),
        syn::Item::Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

fn item_vis(item: &syn::Item) -> Option<&syn::Visibility> {
    Some(match item {
        syn::Item::Const(i) => &i.vis,
        syn::Item::Enum(i) => &i.vis,
        syn::Item::Fn(i) => &i.vis,
        syn::Item::Mod(i) => &i.vis,
        syn::Item::Static(i) => &i.vis,
        syn::Item::Struct(i) => &i.vis,
        syn::Item::Trait(i) => &i.vis,
        syn::Item::Type(i) => &i.vis,
        syn::Item::Union(i) => &i.vis,
        syn::Item::Use(i) => &i.vis,
        _ => return None,
    })
}

fn is_pub(vis: &syn::Visibility) -> bool {
    matches!(vis, syn::Visibility::Public(_))
}

/// One name a `use` brings in.
struct Import {
    path: Vec<String>,
    leaf: Leaf,
}

enum Leaf {
    Name { name: String, alias: String },
    Glob,
}

fn flatten(tree: &syn::UseTree) -> Vec<Import> {
    fn walk(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Import>) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                walk(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let name = n.ident.to_string();
                let alias = if name == "self" {
                    prefix.last().cloned().unwrap_or_default()
                } else {
                    name.clone()
                };
                out.push(Import {
                    path: prefix.clone(),
                    leaf: Leaf::Name { name, alias },
                });
            }
            syn::UseTree::Rename(r) => out.push(Import {
                path: prefix.clone(),
                leaf: Leaf::Name {
                    name: r.ident.to_string(),
                    alias: r.rename.to_string(),
                },
            }),
            syn::UseTree::Glob(_) => out.push(Import {
                path: prefix.clone(),
                leaf: Leaf::Glob,
            }),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    walk(t, prefix, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut Vec::new(), &mut out);
    out
}

/// The public paths of every item a host can reach, and the cfg each path
/// needs.
struct Reach {
    /// Each crate item (module, name) → its public paths.
    paths: BTreeMap<(ModPath, String), BTreeSet<(String, String)>>,
    /// Each public module → its public paths.
    modules: BTreeMap<ModPath, BTreeSet<(String, String)>>,
    /// Names re-exported from other crates: public path → external path.
    external: BTreeSet<(String, String, String)>,
}

impl Reach {
    fn of(krate: &Crate) -> Self {
        let mut reach = Self {
            paths: BTreeMap::new(),
            modules: BTreeMap::new(),
            external: BTreeSet::new(),
        };
        reach.walk(krate, &Vec::new(), "chartwright", "", 0);
        reach
    }

    fn walk(&mut self, krate: &Crate, module: &ModPath, public: &str, cfg: &str, depth: usize) {
        if depth > 16 {
            return;
        }
        for item in krate.items(module) {
            if !item_vis(item).is_some_and(is_pub) {
                continue;
            }
            let cfg = join_cfg(cfg, item_attrs(item));
            match item {
                syn::Item::Use(u) => {
                    for import in flatten(&u.tree) {
                        match import.leaf {
                            Leaf::Name { name, alias } => {
                                let mut path = import.path.clone();
                                if name != "self" {
                                    path.push(name);
                                }
                                let at = format!("{public}::{alias}");
                                match krate.resolve_use(module, &path, 0) {
                                    Some(Target::Module(m)) => {
                                        self.module(krate, &m, &at, &cfg, depth);
                                    }
                                    Some(Target::Item(m, n)) => {
                                        self.paths
                                            .entry((m, n))
                                            .or_default()
                                            .insert((at, cfg.clone()));
                                    }
                                    Some(Target::External(e)) => {
                                        self.external.insert((at, e, cfg.clone()));
                                    }
                                    None => {
                                        panic!("`pub use` of {path:?} in {module:?} names nothing")
                                    }
                                }
                            }
                            Leaf::Glob => {
                                if let Some(Target::Module(m)) =
                                    krate.resolve_use(module, &import.path, 0)
                                {
                                    self.walk(krate, &m, public, &cfg, depth + 1);
                                }
                            }
                        }
                    }
                }
                syn::Item::Mod(m) => {
                    let name = m.ident.to_string();
                    self.module(
                        krate,
                        &child(module, &name),
                        &format!("{public}::{name}"),
                        &cfg,
                        depth,
                    );
                }
                syn::Item::Impl(_) | syn::Item::Macro(_) => {}
                _ => {
                    if let Some(name) = item_name(item) {
                        self.paths
                            .entry((module.clone(), name.clone()))
                            .or_default()
                            .insert((format!("{public}::{name}"), cfg));
                    }
                }
            }
        }
    }

    fn module(&mut self, krate: &Crate, m: &ModPath, at: &str, cfg: &str, depth: usize) {
        self.modules
            .entry(m.clone())
            .or_default()
            .insert((at.to_string(), cfg.to_string()));
        self.walk(krate, m, at, cfg, depth + 1);
    }

    /// The path a listing names an item by: its home (the longest path, in
    /// a public module), else the first.
    fn canonical(&self, module: &ModPath, name: &str) -> Option<&str> {
        let paths = self.paths.get(&(module.clone(), name.to_string()))?;
        paths
            .iter()
            .max_by(|a, b| {
                let depth = |p: &str| p.matches("::").count();
                depth(&a.0).cmp(&depth(&b.0)).then_with(|| b.0.cmp(&a.0))
            })
            .map(|(p, _)| p.as_str())
    }
}

fn join_cfg(outer: &str, attrs: &[syn::Attribute]) -> String {
    match cfg_of(attrs) {
        Cfg::Only(own) if outer.is_empty() => own,
        Cfg::Only(own) => format!("{outer} {own}"),
        _ => outer.to_string(),
    }
}

/// Rewrites every path in a type or signature to what a host writes:
/// `trace::Roll` for an item of the crate (its public path, without the
/// crate's name), the full path for another crate's, and
/// `{private}engine::x::Name` for a crate item no host can name.
struct Rewrite<'a> {
    krate: &'a Crate,
    reach: &'a Reach,
    module: ModPath,
}

impl VisitMut for Rewrite<'_> {
    fn visit_type_path_mut(&mut self, node: &mut syn::TypePath) {
        syn::visit_mut::visit_type_path_mut(self, node);
        if node.qself.is_some() {
            return;
        }
        let segments: Vec<String> = node
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        // A name nothing brings in is std's prelude or a generic parameter.
        if segments.len() == 1 && self.krate.lookup(&self.module, &segments[0], 0).is_none() {
            return;
        }
        let Some(target) = self.krate.resolve(&self.module, &segments, 0) else {
            return;
        };
        let written = match target {
            Target::External(e) => e,
            Target::Module(_) => return,
            Target::Item(m, name) => {
                // A private type alias is only a name: show what it stands for.
                if let Some(syn::Item::Type(alias)) = self.krate.item(&m, &name) {
                    if !is_pub(&alias.vis) || self.reach.canonical(&m, &name).is_none() {
                        let mut ty = (*alias.ty).clone();
                        let mut inner = Rewrite {
                            krate: self.krate,
                            reach: self.reach,
                            module: m.clone(),
                        };
                        inner.visit_type_mut(&mut ty);
                        if let syn::Type::Path(p) = ty {
                            *node = p;
                            return;
                        }
                    }
                }
                match self.reach.canonical(&m, &name) {
                    Some(path) => path.trim_start_matches("chartwright::").to_string(),
                    None => format!("{{private}}{}", [m.join("::"), name].join("::")),
                }
            }
        };
        let last = node.path.segments.last().cloned();
        let mut path: syn::Path = match syn::parse_str(&written.replace("{private}", "private_")) {
            Ok(p) => p,
            Err(_) => return,
        };
        if let (Some(last), Some(new_last)) = (last, path.segments.last_mut()) {
            new_last.arguments = last.arguments;
        }
        node.path = path;
    }
}

/// Tokens as text, spaced as code is written: `Result<Vec<(i64, Odds)>, RollError>`.
fn tokens(t: &impl quote::ToTokens) -> String {
    let mut words = Vec::new();
    atoms(t.to_token_stream(), &mut words);
    let ident = |w: &str| {
        w.chars()
            .last()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    };
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            let before = words[i - 1].as_str();
            let tight_after = matches!(
                before,
                "&" | "(" | "[" | "<" | "::" | "?" | "#" | "!" | "{private}"
            );
            let tight_before = matches!(
                word.as_str(),
                "," | ")" | "]" | ">" | ";" | ":" | "::" | "<"
            ) || (matches!(word.as_str(), "(" | "[")
                && (ident(before) || before == ">"));
            if !(tight_after || tight_before) {
                out.push(' ');
            }
        }
        out.push_str(word);
    }
    out.replace(",)", ")").replace(",>", ">").replace(",]", "]")
}

/// The words of a token stream: a group's brackets apart, joint
/// punctuation (`::`, `->`) and a lifetime (`'a`) as one word.
fn atoms(stream: proc_macro2::TokenStream, out: &mut Vec<String>) {
    use proc_macro2::{Delimiter, Spacing, TokenTree};
    let mut glue = false;
    for tree in stream {
        let word = match tree {
            TokenTree::Group(g) => {
                let (open, close) = match g.delimiter() {
                    Delimiter::Parenthesis => ("(", ")"),
                    Delimiter::Bracket => ("[", "]"),
                    Delimiter::Brace => ("{", "}"),
                    Delimiter::None => ("", ""),
                };
                if !open.is_empty() {
                    out.push(open.to_string());
                }
                atoms(g.stream(), out);
                if !close.is_empty() {
                    out.push(close.to_string());
                }
                glue = false;
                continue;
            }
            TokenTree::Ident(i) => i.to_string().replace("private_", "{private}"),
            TokenTree::Literal(l) => l.to_string(),
            TokenTree::Punct(p) => {
                let text = p.as_char().to_string();
                let joins = p.spacing() == Spacing::Joint || p.as_char() == '\'';
                match out.last_mut() {
                    Some(last) if glue => last.push_str(&text),
                    _ => out.push(text),
                }
                glue = joins;
                continue;
            }
        };
        match out.last_mut() {
            Some(last) if glue => last.push_str(&word),
            _ => out.push(word),
        }
        glue = false;
    }
}

/// What a line says about its owner, in the order a listing shows them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    Module,
    Item,
    Alias,
    Member,
    Method,
    Trait,
}

struct Lister<'a> {
    krate: &'a Crate,
    reach: &'a Reach,
    /// Owner (a public path) → its lines.
    lines: BTreeMap<String, BTreeSet<(Part, String)>>,
}

impl Lister<'_> {
    fn rewrite(&self, module: &ModPath) -> Rewrite<'_> {
        Rewrite {
            krate: self.krate,
            reach: self.reach,
            module: module.clone(),
        }
    }

    fn show_type(&self, module: &ModPath, ty: &syn::Type) -> String {
        let mut ty = ty.clone();
        self.rewrite(module).visit_type_mut(&mut ty);
        tokens(&ty)
    }

    /// A signature, its function named by `name` (its public path).
    fn show_sig(&self, module: &ModPath, sig: &syn::Signature, name: &str) -> String {
        let mut sig = sig.clone();
        sig.ident = syn::Ident::new("NAME_HERE", sig.ident.span());
        self.rewrite(module).visit_signature_mut(&mut sig);
        tokens(&sig).replacen("NAME_HERE", name, 1)
    }

    fn add(&mut self, owner: &str, part: Part, line: String, cfg: &str) {
        let line = if cfg.is_empty() {
            line
        } else {
            format!("{line} {cfg}")
        };
        self.lines
            .entry(owner.to_string())
            .or_default()
            .insert((part, line));
    }

    fn list(&mut self) {
        for paths in self.reach.modules.values() {
            for (path, cfg) in paths {
                self.add(path, Part::Module, format!("pub mod {path}"), cfg);
            }
        }
        for (at, external, cfg) in &self.reach.external {
            self.add(
                parent(at),
                Part::Item,
                format!("pub use {at} = {external}"),
                cfg,
            );
        }
        for ((module, name), paths) in &self.reach.paths {
            let Some(home) = self.reach.canonical(module, name).map(str::to_string) else {
                continue;
            };
            let home_cfg = paths
                .iter()
                .find(|(p, _)| *p == home)
                .map(|(_, c)| c.clone())
                .unwrap_or_default();
            for (path, cfg) in paths {
                if *path != home {
                    self.add(&home, Part::Alias, format!("pub use {path}"), cfg);
                }
            }
            if let Some(item) = self.krate.item(module, name) {
                self.item(module, item, &home, &home_cfg);
            }
        }
        self.impls();
    }

    fn item(&mut self, module: &ModPath, item: &syn::Item, home: &str, cfg: &str) {
        let mark = marks(item_attrs(item));
        match item {
            syn::Item::Struct(s) => {
                let generics = tokens(&s.generics);
                self.add(
                    home,
                    Part::Item,
                    format!("pub struct {home}{generics}{mark}"),
                    cfg,
                );
                self.derives(&s.attrs, home, cfg);
                self.fields(module, &s.fields, home, cfg);
            }
            syn::Item::Enum(e) => {
                let generics = tokens(&e.generics);
                self.add(
                    home,
                    Part::Item,
                    format!("pub enum {home}{generics}{mark}"),
                    cfg,
                );
                self.derives(&e.attrs, home, cfg);
                for v in &e.variants {
                    let fields = self.variant_fields(module, &v.fields);
                    let line = format!("{home}::{}{fields}{}", v.ident, marks(&v.attrs));
                    self.add(home, Part::Member, line, cfg);
                }
            }
            syn::Item::Fn(f) => {
                let line = format!("pub {}", self.show_sig(module, &f.sig, home));
                self.add(parent(home), Part::Item, line, cfg);
            }
            syn::Item::Const(c) => {
                let line = format!("pub const {home}: {}", self.show_type(module, &c.ty));
                self.add(parent(home), Part::Item, line, cfg);
            }
            syn::Item::Static(s) => {
                let line = format!("pub static {home}: {}", self.show_type(module, &s.ty));
                self.add(parent(home), Part::Item, line, cfg);
            }
            syn::Item::Type(t) => {
                let generics = tokens(&t.generics);
                let line = format!(
                    "pub type {home}{generics} = {}",
                    self.show_type(module, &t.ty)
                );
                self.add(parent(home), Part::Item, line, cfg);
            }
            syn::Item::Trait(t) => {
                let generics = tokens(&t.generics);
                self.add(
                    home,
                    Part::Item,
                    format!("pub trait {home}{generics}{mark}"),
                    cfg,
                );
                for inner in &t.items {
                    if let syn::TraitItem::Fn(f) = inner {
                        let name = format!("{home}::{}", f.sig.ident);
                        let line = self.show_sig(module, &f.sig, &name);
                        self.add(home, Part::Method, line, cfg);
                    }
                }
            }
            _ => {}
        }
    }

    fn variant_fields(&self, module: &ModPath, fields: &syn::Fields) -> String {
        match fields {
            syn::Fields::Named(named) => {
                let fields: Vec<String> = named
                    .named
                    .iter()
                    .map(|f| {
                        let name = f
                            .ident
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_default();
                        format!("{name}: {}", self.show_type(module, &f.ty))
                    })
                    .collect();
                format!(" {{ {} }}", fields.join(", "))
            }
            syn::Fields::Unnamed(unnamed) => {
                let fields: Vec<String> = unnamed
                    .unnamed
                    .iter()
                    .map(|f| self.show_type(module, &f.ty))
                    .collect();
                format!("({})", fields.join(", "))
            }
            syn::Fields::Unit => String::new(),
        }
    }

    fn derives(&mut self, attrs: &[syn::Attribute], home: &str, cfg: &str) {
        let mut derived = Vec::new();
        for attr in attrs.iter().filter(|a| a.path().is_ident("derive")) {
            let _ = attr.parse_nested_meta(|meta| {
                if let Some(last) = meta.path.segments.last() {
                    derived.push(last.ident.to_string());
                }
                Ok(())
            });
        }
        for name in derived {
            self.add(
                home,
                Part::Trait,
                format!("impl {name} for {} (derived)", short(home)),
                cfg,
            );
        }
    }

    fn fields(&mut self, module: &ModPath, fields: &syn::Fields, home: &str, cfg: &str) {
        for (i, f) in fields.iter().enumerate() {
            if !is_pub(&f.vis) {
                continue;
            }
            let name = f
                .ident
                .as_ref()
                .map_or_else(|| i.to_string(), ToString::to_string);
            let line = format!("pub {home}::{name}: {}", self.show_type(module, &f.ty));
            self.add(home, Part::Member, line, cfg);
        }
    }

    /// The public path of the crate item a type names, if any.
    fn home_of(&self, module: &ModPath, ty: &syn::Type) -> Option<String> {
        let path = match ty {
            syn::Type::Path(p) => &p.path,
            syn::Type::Reference(r) => return self.home_of(module, &r.elem),
            _ => return None,
        };
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        match self.krate.resolve(module, &segments, 0)? {
            Target::Item(m, name) => self.reach.canonical(&m, &name).map(str::to_string),
            _ => None,
        }
    }

    /// Every impl block of a type a host can name: its public methods and
    /// constants, and each trait, written or derived.
    fn impls(&mut self) {
        for (module, m) in &self.krate.modules {
            for item in &m.items {
                let syn::Item::Impl(imp) = item else { continue };
                let cfg = join_cfg("", &imp.attrs);
                match &imp.trait_ {
                    None => {
                        let Some(home) = self.home_of(module, &imp.self_ty) else {
                            continue;
                        };
                        self.inherent(module, imp, &home, &cfg);
                    }
                    Some((negative, trait_path, _)) => {
                        self.trait_impl(module, imp, negative.is_some(), trait_path, &cfg);
                    }
                }
            }
        }
    }

    fn inherent(&mut self, module: &ModPath, imp: &syn::ItemImpl, home: &str, cfg: &str) {
        for inner in &imp.items {
            match inner {
                syn::ImplItem::Fn(f) if is_pub(&f.vis) => {
                    if matches!(cfg_of(&f.attrs), Cfg::Skip) {
                        continue;
                    }
                    let cfg = join_cfg(cfg, &f.attrs);
                    let name = format!("{home}::{}", f.sig.ident);
                    let line = format!("pub {}", self.show_sig(module, &f.sig, &name));
                    self.add(home, Part::Method, line, &cfg);
                }
                syn::ImplItem::Const(c) if is_pub(&c.vis) => {
                    let line = format!(
                        "pub const {home}::{}: {}",
                        c.ident,
                        self.show_type(module, &c.ty)
                    );
                    self.add(home, Part::Method, line, cfg);
                }
                _ => {}
            }
        }
    }

    fn trait_impl(
        &mut self,
        module: &ModPath,
        imp: &syn::ItemImpl,
        negative: bool,
        trait_path: &syn::Path,
        cfg: &str,
    ) {
        // A trait of the crate that no host can name is no part of the fence.
        let segments: Vec<String> = trait_path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        if let Some(Target::Item(tm, tn)) = self.krate.resolve(module, &segments, 0) {
            if self.reach.canonical(&tm, &tn).is_none() {
                return;
            }
        }
        let self_ty = self.show_type(module, &imp.self_ty);
        if self_ty.contains("{private}") {
            return;
        }
        // Named by its last segment, with its arguments as a host writes them.
        let Some(mut last) = trait_path.segments.last().cloned() else {
            return;
        };
        let mut rewrite = self.rewrite(module);
        rewrite.visit_path_segment_mut(&mut last);
        let trait_text = tokens(&last);
        // The type's own listing holds it; a trait of another crate's type
        // (`From<Probability> for String`) is listed under the crate's type it names.
        let owner = self.home_of(module, &imp.self_ty).or_else(|| {
            let syn::PathArguments::AngleBracketed(args) = &trait_path.segments.last()?.arguments
            else {
                return None;
            };
            args.args.iter().find_map(|a| match a {
                syn::GenericArgument::Type(t) => self.home_of(module, t),
                _ => None,
            })
        });
        let Some(owner) = owner else { return };
        let generics = tokens(&imp.generics);
        let impl_word = if generics.is_empty() {
            "impl".to_string()
        } else {
            format!("impl{generics}")
        };
        let not = if negative { "!" } else { "" };
        self.add(
            &owner,
            Part::Trait,
            format!("{impl_word} {not}{trait_text} for {self_ty}"),
            cfg,
        );
    }

    fn text(&self) -> String {
        let mut out = String::new();
        for (i, lines) in self.lines.values().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            for (_, line) in lines {
                let _ = writeln!(out, "{line}");
            }
        }
        out
    }
}

/// The module a public path is in: where a listing groups a function, a
/// constant or a type alias.
fn parent(path: &str) -> &str {
    path.rsplit_once("::").map_or(path, |(module, _)| module)
}

/// A public path without the crate's name: `trace::Roll`.
fn short(path: &str) -> &str {
    path.trim_start_matches("chartwright::")
}

/// The attribute that changes what a host may do: `#[non_exhaustive]`
/// (`#[must_use]` is left out: a lint, not a promise).
fn marks(attrs: &[syn::Attribute]) -> String {
    if attrs.iter().any(|a| a.path().is_ident("non_exhaustive")) {
        " #[non_exhaustive]".to_string()
    } else {
        String::new()
    }
}

/// The crate's listing, read once for every test here.
fn listing() -> &'static str {
    static LISTING: OnceLock<String> = OnceLock::new();
    LISTING.get_or_init(|| listing_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src")))
}

/// The listing of the crate whose `lib.rs` is in `src`, one line per item,
/// field, variant, method and trait.
pub(crate) fn listing_of(src: &Path) -> String {
    let krate = Crate::load(src);
    let reach = Reach::of(&krate);
    let mut lister = Lister {
        krate: &krate,
        reach: &reach,
        lines: BTreeMap::new(),
    };
    lister.list();
    lister.text()
}

#[test]
fn the_public_api_is_as_listed() {
    insta::assert_snapshot!(listing());
}

#[test]
fn no_fraction_type_of_num_rational_in_a_public_signature() {
    let found: Vec<String> = listing()
        .lines()
        .filter(|l| {
            l.contains("num_rational::") || l.contains("BigRational") || l.contains("Ratio<")
        })
        .map(str::to_string)
        .collect();
    assert!(
        found.is_empty(),
        "use `Number`, `Probability` or `ProbabilityChange`:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_public_signature_names_a_type_no_host_can_name() {
    let found: Vec<String> = listing()
        .lines()
        .filter(|l| l.contains("{private}"))
        .map(str::to_string)
        .collect();
    assert!(
        found.is_empty(),
        "re-export these types or keep them out of the signature:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_public_struct_with_public_fields_is_non_exhaustive() {
    let listing = listing();
    let exhaustive: BTreeSet<&str> = listing
        .lines()
        .filter_map(|l| l.strip_prefix("pub struct "))
        .filter(|l| !l.contains("#[non_exhaustive]"))
        .map(|l| l.split(['<', ' ']).next().unwrap_or(l))
        .collect();
    let found: Vec<&str> = listing
        .lines()
        .filter(|l| {
            !l.starts_with("pub struct ")
                && !l.starts_with("pub fn ")
                && !l.starts_with("pub const ")
        })
        .filter_map(|l| l.strip_prefix("pub "))
        .filter_map(|l| l.split_once(": ").map(|(path, _)| path))
        .filter(|path| {
            path.rsplit_once("::")
                .is_some_and(|(owner, _)| exhaustive.contains(owner))
        })
        .collect();
    assert!(
        found.is_empty(),
        "mark these structs #[non_exhaustive]:\n{}",
        found.join("\n")
    );
}

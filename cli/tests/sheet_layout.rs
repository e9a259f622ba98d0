//! A printed sheet's layout holds: every bundled game's sheet, laid out by
//! headless Chromium at a phone's, a narrow desktop's and a wide desktop's
//! width and with its print rules at A4's width, has no table, picture or
//! box wider than the box it sits in (no border runs through a table) and
//! no text past its box; and First Echelon's sheet prints on at most five
//! A4 pages. Skipped with a message where Chromium is not installed.

use crate::common;
use crate::sheet::{chromium, run_chromium};

use chartwright::sheet::sheet;
use chartwright::Ruleset;
use scraper::{Html, Selector};
use std::path::Path;

/// The widths a sheet is laid out at, each named as the report names it:
/// a phone, a narrow desktop (A4's width on screen), a wide desktop, and
/// the print rules at A4's width inside its 8 mm margins (194 mm, 733 px).
const WIDTHS: [(&str, u32, bool); 4] = [
    ("360 px", 360, false),
    ("794 px", 794, false),
    ("1280 px", 1280, false),
    ("print (A4)", 733, true),
];

/// Measures, in the browser, the sheet in every frame of the page: each
/// element of a chart against the box it sits in (its parent's inner
/// edges: a border drawn there would run through it), each box's text
/// against its own edges, and the page against the viewport. A box that
/// scrolls on its own holds what is wider than it on screen; on paper
/// nothing scrolls, so there a box that would scroll is reported too.
/// Writes `width | chart | what` lines into `body[data-overflows]`.
const MEASURE: &str = r#"<script>
function overflows(doc, win, printed) {
  const found = [];
  const name = e => e.tagName.toLowerCase() + (typeof e.className === "string" && e.className.trim()
    ? "." + e.className.trim().split(/\s+/).join(".") : "");
  const style = e => win.getComputedStyle(e);
  const scrolls = e => ["auto", "scroll", "hidden", "clip"].includes(style(e).overflowX);
  const inner = e => {
    const r = e.getBoundingClientRect(), s = style(e);
    return [r.left + parseFloat(s.borderLeftWidth), r.right - parseFloat(s.borderRightWidth)];
  };
  const chartOf = e => { const s = e.closest("section.chart"); return s ? s.id : "page"; };
  const page = doc.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) {
    found.push(`page | the page is ${page.scrollWidth} px wide in a ${page.clientWidth} px viewport`);
  }
  for (const e of doc.querySelectorAll("section.chart, section.chart *")) {
    if (e.closest("svg") !== e && e.closest("svg")) continue;
    const display = style(e).display;
    if (display === "none" || display === "inline" || display === "contents") continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const parent = e.parentElement;
    if (parent && !(scrolls(parent) && !printed)) {
      const [left, right] = inner(parent);
      const past = Math.max(r.right - right, left - r.left);
      if (past > 1) found.push(`${chartOf(e)} | ${name(e)} ${past.toFixed(0)} px past ${name(parent)}`);
    }
    if (!e.closest("table") || display.startsWith("table-cell")) {
      const past = e.scrollWidth - e.clientWidth;
      if (past > 1 && (!scrolls(e) || printed)) {
        found.push(`${chartOf(e)} | ${name(e)}: ${scrolls(e) ? "would scroll" : "its content runs"} ${past} px past it`);
      }
    }
  }
  return found;
}
window.addEventListener("load", () => {
  const out = [];
  for (const f of document.querySelectorAll("iframe")) {
    const width = f.dataset.width;
    out.push(`${width} | viewport | ${f.contentDocument.documentElement.clientWidth}`);
    for (const line of overflows(f.contentDocument, f.contentWindow, f.dataset.printed === "yes")) {
      out.push(`${width} | ${line}`);
    }
  }
  document.body.dataset.overflows = out.join("\n");
  document.body.dataset.measured = "yes";
});
</script>"#;

/// A page of one frame per width, each showing the sheet `{game}.html`
/// (or, printed, `{game}-print.html`), with [`MEASURE`]. Frames, because
/// headless Chromium's own window is never narrower than 500 px.
fn frames_page(game: &str) -> String {
    let mut page = String::from("<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head>");
    page.push_str("<body style=\"margin:0\">");
    for (label, width, printed) in WIDTHS {
        let (file, flag) = if printed {
            (format!("{game}-print.html"), "yes")
        } else {
            (format!("{game}.html"), "no")
        };
        page.push_str(&format!(
            "<iframe src=\"{file}\" data-width=\"{label}\" data-printed=\"{flag}\" \
             width=\"{width}\" height=\"900\" style=\"border:0;display:block\"></iframe>"
        ));
    }
    page.push_str(MEASURE);
    page.push_str("</body></html>");
    page
}

/// Every game's sheet, measured at every width: the overflows found, as
/// `game at width: chart: what` lines, and the viewports the frames had.
fn overflows(browser: &Path, work: &Path, game: &str, html: &str) -> (Vec<String>, Vec<String>) {
    std::fs::write(work.join(format!("{game}.html")), html).expect("written");
    // As printed: the print rules applied on screen.
    let printed = html.replace("@media print {", "@media all {");
    std::fs::write(work.join(format!("{game}-print.html")), printed).expect("written");
    let frames = work.join(format!("{game}-frames.html"));
    std::fs::write(&frames, frames_page(game)).expect("written");
    let dom = run_chromium(
        browser,
        work,
        &frames,
        &[
            "--allow-file-access-from-files".into(),
            "--window-size=1400,1000".into(),
            "--dump-dom".into(),
        ],
    );
    let doc = Html::parse_document(&String::from_utf8_lossy(&dom));
    let body = doc
        .select(&Selector::parse("body").expect("a selector"))
        .next()
        .expect("a body");
    assert_eq!(
        body.value().attr("data-measured"),
        Some("yes"),
        "{game}: the sheet was not measured"
    );
    let mut found = Vec::new();
    let mut viewports = Vec::new();
    for line in body.value().attr("data-overflows").unwrap_or("").lines() {
        let parts: Vec<&str> = line.splitn(3, " | ").collect();
        match parts.as_slice() {
            [width, "viewport", px] => viewports.push(format!("{width}: {px} px")),
            [width, chart, what] => found.push(format!("{game} at {width}: {chart}: {what}")),
            _ => found.push(format!("{game}: unreadable measure {line}")),
        }
    }
    (found, viewports)
}

/// No table, picture, list or paragraph of any bundled sheet runs past
/// the box it sits in, on a phone, on a desktop or printed.
#[test]
fn no_table_of_a_bundled_sheet_is_wider_than_its_box() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: headless Chromium is not installed (apt-get install chromium)");
        return;
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheet-layout");
    std::fs::create_dir_all(&work).expect("a work folder");
    let rules = Ruleset::bundled().expect("the bundled games load");
    let mut found = Vec::new();
    for game in rules.games().map(|g| g.name) {
        let charts: Vec<_> = rules.charts().filter(|c| c.game() == game).collect();
        let (mut overflows, viewports) = overflows(&browser, &work, game, &sheet(&rules, &charts));
        // The frames were as wide as asked: the phone is a phone.
        let asked: Vec<String> = WIDTHS
            .iter()
            .map(|(label, width, _)| format!("{label}: {width} px"))
            .collect();
        assert_eq!(viewports, asked, "{game}: the frames' viewports");
        found.append(&mut overflows);
    }
    assert!(
        found.is_empty(),
        "{} overflows:\n{}",
        found.len(),
        found.join("\n")
    );
}

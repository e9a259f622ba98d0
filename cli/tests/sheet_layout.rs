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
    use std::fmt::Write as _;
    let mut frames = String::new();
    for (label, width, printed) in WIDTHS {
        let (file, flag) = if printed {
            (format!("{game}-print.html"), "yes")
        } else {
            (format!("{game}.html"), "no")
        };
        let _ = write!(
            frames,
            "<iframe src=\"{file}\" data-width=\"{label}\" data-printed=\"{flag}\" \
             width=\"{width}\" height=\"900\" style=\"border:0;display:block\"></iframe>"
        );
    }
    format!(
        "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head>\
         <body style=\"margin:0\">{frames}{MEASURE}</body></html>"
    )
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
    // `UPDATE_DOCS=1 cargo test -p chartwright-cli --test integration
    // sheet_layout` refreshes the pictures of the layout in docs/.
    if std::env::var_os("UPDATE_DOCS").is_some() {
        docs_pictures(&browser, &work, &rules);
    }
}

/// The pictures of the layout kept in docs/: Battalion Combat Series'
/// SNAFU Result Effects and Combat Table on a phone (360 px), and First
/// Echelon's turn sequence, spotting and distance modifiers as printed
/// (the print rules at A4's width).
fn docs_pictures(browser: &Path, work: &Path, rules: &Ruleset) {
    let docs = common::root().join("docs");
    let charts = |names: &[&str]| -> Vec<chartwright::ChartRef<'_>> {
        names
            .iter()
            .map(|n| rules.chart(n).expect("a bundled chart"))
            .collect()
    };
    let phone = sheet(
        rules,
        &charts(&[
            "battalion_combat_series.snafu_effects",
            "battalion_combat_series.combat",
        ]),
    );
    std::fs::write(work.join("phone.html"), phone).expect("written");
    let frame = work.join("phone-frame.html");
    std::fs::write(
        &frame,
        "<!DOCTYPE html><body style=\"margin:0\"><iframe src=\"phone.html\" width=\"360\" \
         height=\"1500\" style=\"border:0;display:block\"></iframe></body>",
    )
    .expect("written");
    let shot = work.join("phone.png");
    run_chromium(
        browser,
        work,
        &frame,
        &[
            "--window-size=500,1500".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    crop_png(&shot, &docs.join("sheet-phone.png"), 360);
    let printed = sheet(
        rules,
        &charts(&[
            "first_echelon.turn_sequence",
            "first_echelon.spotting_table",
            "first_echelon.distance_modifiers",
        ]),
    )
    .replace("@media print {", "@media all {");
    let page = work.join("printed.html");
    std::fs::write(&page, printed).expect("written");
    run_chromium(
        browser,
        work,
        &page,
        &[
            "--window-size=733,1000".into(),
            format!("--screenshot={}", shot.display()),
        ],
    );
    crop_png(&shot, &docs.join("sheet-printed.png"), 733);
}

/// The left `width` pixels of the PNG `from`, in grey, written to `to`
/// (Chromium's window is never narrower than 500 px; the phone's frame is).
fn crop_png(from: &Path, to: &Path, width: u32) {
    let file = std::fs::File::open(from).expect("the screenshot exists");
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let row = info.width as usize * channels;
    let width = width.min(info.width);
    // Grey, as the sheet is: one byte a pixel keeps docs/ small.
    let pixels: Vec<u8> = buf[..info.buffer_size()]
        .chunks(row)
        .flat_map(|r| r.chunks(channels).take(width as usize).map(|p| p[0]))
        .collect();
    let out = std::io::BufWriter::new(std::fs::File::create(to).expect("docs/ is writable"));
    let mut encoder = png::Encoder::new(out, width, info.height);
    encoder.set_color(png::ColorType::Grayscale);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    encoder
        .write_header()
        .and_then(|mut w| w.write_image_data(&pixels))
        .expect("the picture is written");
}

/// The pages of a PDF Chromium printed: its page objects.
fn pdf_pages(pdf: &Path) -> usize {
    let bytes = std::fs::read(pdf).expect("the PDF exists");
    assert!(bytes.starts_with(b"%PDF"), "{} is not a PDF", pdf.display());
    bytes
        .windows(12)
        .filter(|w| w == b"/Type /Page\n" || w == b"/Type /Page ")
        .count()
}

/// First Echelon's 20 charts print on at most six A4 pages with room to
/// spare: still six when every page is 16 mm shorter (8 mm more margin at
/// its top and its bottom), with no row, picture or heading parted from
/// what follows it.
#[test]
fn first_echelon_prints_on_six_a4_pages_with_room_to_spare() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: headless Chromium is not installed (apt-get install chromium)");
        return;
    };
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sheet-pages");
    std::fs::create_dir_all(&work).expect("a work folder");
    let rules = common::load("first_echelon");
    let html = sheet(&rules, &rules.charts().collect::<Vec<_>>());
    let page_rule = "@page { size: A4; margin: 8mm; }";
    assert!(
        html.contains(page_rule),
        "the sheet prints on A4 with 8 mm margins"
    );
    for (name, html) in [
        ("as printed", html.clone()),
        (
            "on pages 16 mm shorter",
            html.replace(page_rule, "@page { size: A4; margin: 16mm 8mm; }"),
        ),
    ] {
        let page = work.join("first_echelon.html");
        std::fs::write(&page, html).expect("written");
        let pdf = work.join("first_echelon.pdf");
        let _ = std::fs::remove_file(&pdf);
        run_chromium(
            &browser,
            &work,
            &page,
            &[
                "--no-pdf-header-footer".into(),
                format!("--print-to-pdf={}", pdf.display()),
            ],
        );
        let pages = pdf_pages(&pdf);
        assert!(pages <= 6, "First Echelon {name}: {pages} A4 pages");
    }
}

/// A list of phases is one a line: First Echelon's turn sequence, each
/// phase's heading at the margin and each of its steps (or its text) on a
/// line of its own under it, as the rules file sets them out.
#[test]
fn a_turn_sequence_keeps_one_phase_a_line() {
    let rules = common::load("first_echelon");
    let charts: Vec<_> = rules.charts().collect();
    let doc = Html::parse_document(&sheet(&rules, &charts));
    let para = doc
        .select(&Selector::parse("section#first_echelon\\.turn_sequence p").expect("a selector"))
        .next()
        .expect("the turn sequence's text");
    // Its lines as drawn: the text between line breaks, and whether the
    // line is indented under the one before.
    let mut lines: Vec<(bool, String)> = vec![(false, String::new())];
    for node in para.children() {
        match node.value() {
            scraper::Node::Element(e) if e.name() == "br" => lines.push((false, String::new())),
            scraper::Node::Element(e) => {
                let text: String = scraper::ElementRef::wrap(node)
                    .map(|e| e.text().collect())
                    .unwrap_or_default();
                if let Some(last) = lines.last_mut() {
                    *last = (
                        e.has_class("sub", scraper::CaseSensitivity::CaseSensitive),
                        last.1.clone() + &text,
                    );
                }
            }
            scraper::Node::Text(t) => {
                if let Some(last) = lines.last_mut() {
                    last.1.push_str(t);
                }
            }
            _ => {}
        }
    }
    let starts: Vec<(bool, String)> = lines
        .iter()
        .map(|(sub, l)| {
            (
                *sub,
                l.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
            )
        })
        .collect();
    let want = [
        (false, "Phase 1: Chemical"),
        (true, "Friendly player rolls"),
        (false, "Phase 2: Offensive"),
        (true, "a. Friendly player"),
        (true, "b. Friendly player"),
        (true, "c. Friendly player"),
        (true, "d. Friendly player"),
        (true, "e. Friendly player"),
        (false, "Phase 3: Manoeuvre"),
        (true, "Friendly player resolves"),
        (false, "Phase 4: Defensive"),
        (true, "a. Enemy player"),
        (true, "b. Friendly player"),
        (false, "Phase 5: Close"),
        (true, "Resolve close combats."),
        (false, "Spotting"),
        (true, "Both sides check"),
    ];
    let want: Vec<(bool, String)> = want.iter().map(|(s, l)| (*s, (*l).to_owned())).collect();
    assert_eq!(starts, want);
    // A step's text runs on within its line: Phase 3's is one line.
    assert!(
        lines[9]
            .1
            .ends_with("Enemy player resolves opportunity fire."),
        "{:?}",
        lines[9]
    );
}

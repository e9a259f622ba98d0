//! Ladders through the binary: the trace says how the ladder moved.

#[test]
fn the_trace_of_a_ladder_read_says_how_it_moved() {
    let out = crate::common::cw()
        .args([
            "roll",
            "tests/charts/visibility.rules",
            "spot",
            "base=6",
            "smoke",
            "--seed",
            "1",
        ])
        .output()
        .expect("run chartwright");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("vs 3 or less"), "{text}");
    assert!(
        text.contains("  ladder `visibility`: start 6 -> step 6, moved -1 = 4\n"),
        "{text}"
    );
}

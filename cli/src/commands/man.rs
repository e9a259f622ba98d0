//! `chartwright man`: the man page (roff, `clap_mangen`), generated from
//! the one clap definition of the command line, with a section per
//! subcommand.

use super::emit_bytes;
use std::process::ExitCode;

/// Prints the man page of the command line `cmd`.
pub fn main(cmd: &clap::Command) -> Result<(), ExitCode> {
    let mut out = Vec::new();
    render_man(cmd, &mut out).map_err(|e| {
        anstream::eprintln!("error: cannot render the man page: {e}");
        ExitCode::from(1)
    })?;
    emit_bytes(&out);
    Ok(())
}

fn render_man(cmd: &clap::Command, out: &mut Vec<u8>) -> std::io::Result<()> {
    let man = clap_mangen::Man::new(cmd.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    // Each subcommand's synopsis and options, under a heading of its own.
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("{} {}", cmd.get_name(), sub.get_name());
        let heading = format!(".SH \"{}\"", name.to_uppercase());
        let page = clap_mangen::Man::new(sub.clone().display_name(name.clone()).bin_name(name));
        let mut section = Vec::new();
        page.render_synopsis_section(&mut section)?;
        page.render_options_section(&mut section)?;
        out.extend(
            String::from_utf8_lossy(&section)
                .replacen(".SH SYNOPSIS", &heading, 1)
                .replace(".SH OPTIONS", ".SS OPTIONS")
                .bytes(),
        );
    }
    man.render_version_section(out)
}
